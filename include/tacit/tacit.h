/*
 * The umbrella header: every public header of tacit, for programs that do
 * not want to pick.  Each module's header can still be included alone.
 * Headers of modules compiled out of the library (config.h) are included
 * too: their declarations are harmless, calling them fails to link.
 *
 * A new public header is added here (the umbrella_header test checks that
 * every file of include/tacit is).
 */
#ifndef TACIT_TACIT_H
#define TACIT_TACIT_H

#include "tacit/config.h"
#include "tacit/version.h"
#include "tacit/error.h"
#include "tacit/platform.h"
#include "tacit/limb.h"
#include "tacit/constant_time.h"
#include "tacit/key_format.h"
#include "tacit/bignum.h"
#include "tacit/sha1.h"
#include "tacit/sha256.h"
#include "tacit/sha512.h"
#include "tacit/sha3.h"
#include "tacit/md.h"
#include "tacit/hmac.h"
#include "tacit/hmac_drbg.h"
#include "tacit/hkdf.h"
#include "tacit/tls13.h"
#include "tacit/tls12.h"
#include "tacit/aead.h"
#include "tacit/chacha20.h"
#include "tacit/base64.h"
#include "tacit/pem.h"
#include "tacit/asn1.h"
#include "tacit/rsa.h"
#include "tacit/ecp.h"
#include "tacit/ecdh.h"
#include "tacit/ecdsa.h"
#include "tacit/x25519.h"
#include "tacit/ed25519.h"
#include "tacit/mldsa.h"
#include "tacit/mlkem.h"
#include "tacit/pk.h"
#include "tacit/x509.h"

#endif /* TACIT_TACIT_H */
