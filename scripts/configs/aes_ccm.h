/*
 * Firmware configuration: AES-CCM only, through tacit_aead_* (portable
 * constant-time bitsliced AES, 32-bit words), nothing else.
 * scripts/code_size.sh links an AES-128-CCM seal+open program against it and
 * reports its size beyond an empty program (the line "aes-128-ccm program:").
 *   cc -DTACIT_CONFIG_FILE='"aes_ccm.h"' ...
 * scripts/test_configs.sh builds and runs these suites on the host (-Os):
 * Host suites: test_aead
 * Not built here: test_aes_gcm and ct_aes_gcm (they need GCM and CCM both; the
 * default configuration runs them), and the suites of the other modules.
 */
#ifndef TACIT_AES_CCM_H
#define TACIT_AES_CCM_H

#define TACIT_CONSTANT_TIME_C
#define TACIT_AEAD_C
#define TACIT_AES_C
#define TACIT_CCM_C

#define TACIT_MPI_LIMB_BITS 32

#endif /* TACIT_AES_CCM_H */
