/*
 * Firmware configuration: ChaCha20-Poly1305 and XChaCha20-Poly1305 only,
 * through tacit_aead_* (portable C: Poly1305 in radix 2^32 with 32-bit
 * limbs), nothing else.  scripts/code_size.sh links a ChaCha20-Poly1305
 * seal+open program against it and reports its size beyond an empty
 * program (the line "chacha20-poly1305 program:", limit 1944 bytes, XChaCha20
 * included); scripts/m4_count.sh counts its instructions per byte under qemu-arm.
 *   cc -DTACIT_CONFIG_FILE='"chachapoly.h"' ...
 * scripts/test_configs.sh builds and runs these suites on the host (-Os):
 * Host suites: test_chachapoly ct_chachapoly test_chacha20_api
 * Not built here: the suites of the other modules.
 */
#ifndef TACIT_CHACHAPOLY_CONFIG_H
#define TACIT_CHACHAPOLY_CONFIG_H

#define TACIT_CONSTANT_TIME_C
#define TACIT_AEAD_C
#define TACIT_CHACHAPOLY_C

#define TACIT_MPI_LIMB_BITS 32

#endif /* TACIT_CHACHAPOLY_CONFIG_H */
