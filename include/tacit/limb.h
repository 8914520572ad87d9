/*
 * The limb type of every big number: tacit_mpi_uint, TACIT_MPI_LIMB_BITS wide.
 *
 * The width is part of the ABI (tacit_mpi holds an array of limbs), so a
 * program must be compiled with the same TACIT_MPI_LIMB_BITS as the library;
 * the CMake package and tacit.pc pass it on.
 */
#ifndef TACIT_LIMB_H
#define TACIT_LIMB_H

#include <stdint.h>

#include "tacit/config.h"

#if !defined(TACIT_MPI_LIMB_BITS)
#if defined(__SIZEOF_INT128__) && (UINTPTR_MAX > 0xFFFFFFFFu)
#define TACIT_MPI_LIMB_BITS 64
#else
#define TACIT_MPI_LIMB_BITS 32
#endif
#endif

#if TACIT_MPI_LIMB_BITS == 64
typedef uint64_t tacit_mpi_uint;
typedef int64_t tacit_mpi_sint;
#define TACIT_MPI_UINT_MAX UINT64_MAX
#else
typedef uint32_t tacit_mpi_uint;
typedef int32_t tacit_mpi_sint;
#define TACIT_MPI_UINT_MAX UINT32_MAX
#endif

#define TACIT_MPI_LIMB_BYTES (TACIT_MPI_LIMB_BITS / 8)

#endif /* TACIT_LIMB_H */
