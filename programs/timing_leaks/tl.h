/*
 * timing_leaks: dudect-style constant-time tests (Reparaz, Balasch,
 * Verbauwhede, "Dude, is my code constant time?", DATE 2017).
 *
 * Each target has two classes of secret input, "fixed" and "random".  For
 * every measurement the class is drawn at random, the input is prepared
 * outside the timed region, and the cycle counter is read around one call.
 * Welch's t-test compares the two timing distributions, raw and cropped at
 * several percentiles (a leak often hides in the body under a long tail of
 * interrupts).  |t| > 4.5 is the dudect threshold for "leak".
 */
#ifndef TIMING_LEAKS_H
#define TIMING_LEAKS_H

#include <stddef.h>
#include <stdint.h>

#define TL_CROPS 6 /* no cropping, then 5 percentiles */

typedef struct {
    double mean[2], m2[2];
    double n[2];
} tl_welch;

typedef struct {
    tl_welch test[TL_CROPS];
    uint64_t thresh[TL_CROPS]; /* crop: keep measurements below; test[0] keeps all */
    int have_thresh;
} tl_stats;

void tl_stats_init(tl_stats *s);
/* Feed a batch; the first batch sets the cropping thresholds. */
void tl_stats_add_batch(tl_stats *s, const uint64_t *t, const unsigned char *cls, size_t n);
/* The largest |t| over the crops, and the sample count of the uncropped test. */
double tl_stats_max_t(const tl_stats *s, double *samples);

/* Per crop: counts, means, difference and t (for --verbose). */
void tl_stats_print(const tl_stats *s);

uint64_t tl_cycles(void);
const char *tl_counter_name(void);

/* A fast test RNG (not for keys that matter: these are test keys). */
void tl_random(unsigned char *out, size_t len);
int tl_rng(void *p, unsigned char *out, size_t len);

/* What a target's verdict means. */
enum {
    TL_JUDGED = 0,  /* only secrets differ between the classes: |t| > 4.5 is a leak */
    TL_CONTROL = 1, /* deliberately leaky: must be flagged */
    TL_PUBLIC = 2   /* the classes differ in public data or memory layout too: reported,
                       not judged (see the target's description) */
};

typedef struct {
    const char *name;
    const char *what;          /* one line: fixed class vs random class */
    size_t in_len;             /* bytes of input prepared per measurement */
    int (*setup)(void);        /* 0 ok; else the target is skipped */
    const char *(*skip)(void); /* non-NULL reason: skip (e.g. no AVX-512) */
    void (*prepare)(unsigned char *in, int cls);
    /*
     * NULL, or called right before each measurement, outside the timed
     * region: puts the class's data where run() reads it (one address for
     * both classes, so that cache placement cannot tell them apart).
     */
    void (*arm)(const unsigned char *in);
    void (*run)(const unsigned char *in);
    double cost; /* rough relative cost, to size a run */
    int kind;    /* TL_JUDGED, TL_CONTROL or TL_PUBLIC */
} tl_target;

/* The targets: tl_targets.c, which takes the RSA ones from tl_rsa.c. */
extern const tl_target tl_targets[];
extern const size_t tl_n_targets;

/* RSA targets (tl_rsa.c), for the table in tl_targets.c. */
#define TL_RSA_TARGETS 7
extern const tl_target tl_rsa_targets[TL_RSA_TARGETS];

/* The x86-64 AES-GCM kernels (tl_gcm.c; skipped elsewhere). */
#define TL_GCM_TARGETS 4
extern const tl_target tl_gcm_targets[TL_GCM_TARGETS];

/* The x86-64 ChaCha20-Poly1305 kernels (tl_chachapoly.c; skipped elsewhere). */
#define TL_CHACHAPOLY_TARGETS 5
extern const tl_target tl_chachapoly_targets[TL_CHACHAPOLY_TARGETS];

#endif
