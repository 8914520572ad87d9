/*
 * The TLS 1.3 key schedule (RFC 8446 section 7): Derive-Secret, the early,
 * handshake and master secrets and the secrets derived from them, Finished
 * keys and values, the AEAD key and IV of a traffic secret, KeyUpdate and
 * resumption PSKs.  Tested against every key-schedule value of RFC 8448.
 *
 * Transcript hashes are computed by the caller (tacit_md over the
 * handshake messages) and passed in: HashLen bytes each; after a
 * HelloRetryRequest the transcript begins with the message_hash message
 * (tacit_tls13_message_hash, tacit_tls13_transcript_hrr).  Every secret is
 * processed without secret-dependent branches or memory indices.
 *
 * Threads: a key schedule context is used from one thread at a time.
 */
#ifndef TACIT_TLS13_H
#define TACIT_TLS13_H

#include <stddef.h>

#include "tacit/config.h"
#include "tacit/error.h"
#include "tacit/hkdf.h"
#include "tacit/md.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The cipher suites of RFC 8446 B.4, by their code points.  Their AEADs in
 * tacit/aead.h: TACIT_AEAD_AES_128_GCM, _AES_256_GCM, _CHACHA20_POLY1305,
 * and TACIT_AEAD_AES_128_CCM for both CCM suites, with a 16-byte tag for
 * TLS_AES_128_CCM_SHA256 and an 8-byte one for TLS_AES_128_CCM_8_SHA256
 * (tacit_tls13_suite_tag_len); every record nonce is 12 bytes.
 */
typedef enum {
    TACIT_TLS13_AES_128_GCM_SHA256 = 0x1301,
    TACIT_TLS13_AES_256_GCM_SHA384 = 0x1302,
    TACIT_TLS13_CHACHA20_POLY1305_SHA256 = 0x1303,
    TACIT_TLS13_AES_128_CCM_SHA256 = 0x1304,
    TACIT_TLS13_AES_128_CCM_8_SHA256 = 0x1305
} tacit_tls13_suite;

#define TACIT_TLS13_IV_LEN 12      /* every suite's per-record nonce */
#define TACIT_TLS13_MAX_KEY_LEN 32 /* AES-256, ChaCha20 */

/*
 * The suite's hash (TACIT_MD_NONE when unknown), AEAD key length and AEAD
 * tag length (the bytes a record's ciphertext grows by: 16, or 8 for
 * TLS_AES_128_CCM_8_SHA256); 0 when unknown.
 */
tacit_md_type tacit_tls13_suite_md(tacit_tls13_suite suite);
size_t tacit_tls13_suite_key_len(tacit_tls13_suite suite);
size_t tacit_tls13_suite_tag_len(tacit_tls13_suite suite);

/*
 * Derive-Secret(Secret, Label, Messages) = HKDF-Expand-Label(Secret, Label,
 * Transcript-Hash(Messages), HashLen), given the transcript hash
 * (hash_len = HashLen).  out receives HashLen bytes.
 */
int tacit_tls13_derive_secret(tacit_md_type md, const unsigned char *secret, size_t secret_len,
                              const unsigned char *label, size_t label_len,
                              const unsigned char *transcript_hash, size_t hash_len,
                              unsigned char *out);

/*
 * HelloRetryRequest (RFC 8446 4.4.1): after an HRR the transcript starts
 * with the synthetic handshake message
 *     message_hash = FE 00 00 HashLen || Hash(ClientHello1)
 * in place of ClientHello1, followed by the HelloRetryRequest, the second
 * ClientHello and the rest.
 *
 * tacit_tls13_message_hash writes that message (4 + HashLen bytes, at most
 * TACIT_TLS13_MESSAGE_HASH_MAX_LEN) from Hash(ClientHello1) (hash_len =
 * HashLen).  tacit_tls13_transcript_hrr does it to a running transcript: ctx
 * has absorbed exactly ClientHello1 (tacit_md_init + update); on return it
 * has absorbed message_hash instead, ready for the HelloRetryRequest.  On
 * error the output (or ctx) is zeroed.
 */
#define TACIT_TLS13_MESSAGE_HASH_MAX_LEN (4 + TACIT_MD_MAX_SIZE)
int tacit_tls13_message_hash(tacit_md_type md, const unsigned char *ch1_hash, size_t hash_len,
                             unsigned char *out, size_t out_size, size_t *out_len);
int tacit_tls13_transcript_hrr(tacit_md_context *ctx);

/* The secrets derived from the stage secrets (RFC 8446 7.1). */
typedef enum {
    TACIT_TLS13_EXT_BINDER = 1, /* early: "ext binder", transcript "" (pass NULL) */
    TACIT_TLS13_RES_BINDER,     /* early: "res binder", transcript "" (pass NULL) */
    TACIT_TLS13_C_E_TRAFFIC,    /* early: ClientHello */
    TACIT_TLS13_E_EXP_MASTER,   /* early: ClientHello */
    TACIT_TLS13_C_HS_TRAFFIC,   /* handshake: ClientHello..ServerHello */
    TACIT_TLS13_S_HS_TRAFFIC,   /* handshake: ClientHello..ServerHello */
    TACIT_TLS13_C_AP_TRAFFIC,   /* master: ClientHello..server Finished */
    TACIT_TLS13_S_AP_TRAFFIC,   /* master: ClientHello..server Finished */
    TACIT_TLS13_EXP_MASTER,     /* master: ClientHello..server Finished */
    TACIT_TLS13_RES_MASTER      /* master: ClientHello..client Finished */
} tacit_tls13_secret;

/* The key schedule: one stage secret at a time (early, handshake, master). */
typedef struct tacit_tls13_key_schedule {
    tacit_md_type md;
    size_t hash_len;
    int stage;                               /* 0 none, 1 early, 2 handshake, 3 master */
    unsigned char secret[TACIT_MD_MAX_SIZE]; /* the current stage's secret */
} tacit_tls13_key_schedule;

/*
 * Early Secret = HKDF-Extract(0, PSK): psk NULL (psk_len 0) for a handshake
 * without PSK (HashLen zeros).  md is the suite's hash.
 */
int tacit_tls13_ks_early(tacit_tls13_key_schedule *ks, tacit_md_type md, const unsigned char *psk,
                         size_t psk_len);
/*
 * Handshake Secret = HKDF-Extract(Derive-Secret(ES, "derived", ""), (EC)DHE):
 * dhe NULL (dhe_len 0) for psk_ke (HashLen zeros).  Needs the early stage.
 */
int tacit_tls13_ks_handshake(tacit_tls13_key_schedule *ks, const unsigned char *dhe,
                             size_t dhe_len);
/* Master Secret = HKDF-Extract(Derive-Secret(HS, "derived", ""), 0).  Needs the handshake stage. */
int tacit_tls13_ks_master(tacit_tls13_key_schedule *ks);
/*
 * One of the secrets of the current stage (TACIT_ERR_BAD_INPUT for another
 * stage's): out receives HashLen bytes.  transcript_hash is HashLen bytes
 * (NULL and 0 for the binder keys, whose transcript is empty).
 */
int tacit_tls13_ks_secret(const tacit_tls13_key_schedule *ks, tacit_tls13_secret which,
                          const unsigned char *transcript_hash, size_t hash_len,
                          unsigned char *out);
/* Wipe the context.  NULL is ignored. */
void tacit_tls13_ks_free(tacit_tls13_key_schedule *ks);

/* finished_key = HKDF-Expand-Label(base_key, "finished", "", HashLen). */
int tacit_tls13_finished_key(tacit_md_type md, const unsigned char *base_key, size_t base_len,
                             unsigned char *out);
/*
 * verify_data = HMAC(finished_key, transcript_hash) with finished_key from
 * base_key (a handshake traffic secret, or a binder key for PSK binders).
 * out receives HashLen bytes.
 */
int tacit_tls13_finished(tacit_md_type md, const unsigned char *base_key, size_t base_len,
                         const unsigned char *transcript_hash, size_t hash_len, unsigned char *out);

/*
 * The record protection key and IV of a traffic secret for suite:
 * key = HKDF-Expand-Label(secret, "key", "", key_len) (key_size at least
 * tacit_tls13_suite_key_len(suite)), iv = HKDF-Expand-Label(secret, "iv",
 * "", 12).
 */
int tacit_tls13_traffic_keys(tacit_tls13_suite suite, const unsigned char *secret,
                             size_t secret_len, unsigned char *key, size_t key_size,
                             unsigned char iv[TACIT_TLS13_IV_LEN]);

/* KeyUpdate: the next traffic secret, HKDF-Expand-Label(secret, "traffic upd", "", HashLen). */
int tacit_tls13_update_traffic_secret(tacit_md_type md, const unsigned char *secret,
                                      size_t secret_len, unsigned char *out);

/* A ticket's PSK: HKDF-Expand-Label(resumption_master_secret, "resumption", nonce, HashLen). */
int tacit_tls13_resumption_psk(tacit_md_type md, const unsigned char *res_master, size_t len,
                               const unsigned char *nonce, size_t nonce_len, unsigned char *out);

#ifdef __cplusplus
}
#endif

#endif /* TACIT_TLS13_H */
