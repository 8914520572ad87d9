/*
 * tacit_rng_default: a lazily seeded HMAC_DRBG-SHA-256, one per thread (or
 * one global instance under TACIT_RNG_DEFAULT_GLOBAL, see check_config.h).
 *
 * Fork safety.  A child process starts with a copy of its parent's DRBG; if
 * it drew from that copy it would repeat the parent's (or a sibling's)
 * bytes: RSA keys, ECDSA nonces, blinding values, OAEP seeds.  Three
 * independent signals make a child reseed before its first output:
 *   1. MADV_WIPEONFORK (Linux >= 4.14) on the page holding the thread's
 *      state: the kernel hands the child a zeroed page, i.e. an unseeded
 *      DRBG.  It also covers raw clone()/vfork-style forks that run no
 *      atfork handler.
 *   2. A fork generation bumped by a pthread_atfork child handler in every
 *      child; a state seeded under another generation reseeds.
 *   3. The process id, compared on every call (the old and weakest line: a
 *      PID can come back, in a new PID namespace or after wrap-around).
 * A generation never repeats within a process image, so (1) and (2) cannot
 * be fooled by PID reuse.  If neither (1) nor (2) could be set up, every call
 * reseeds from the OS (prediction resistance), as BoringSSL does without
 * fork detection.
 *
 * Thread exit: a pthread key destructor zeroizes and unmaps the exiting
 * thread's state.  The main thread's state lives until exit (or
 * tacit_rng_default_free).
 *
 * The process-wide data here (the once-control, the key, the generation) is
 * the minimum fork detection needs; the generation is an atomic.
 */
#if !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE
#endif
#if !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L
#endif

#include "tacit/hmac_drbg.h"

#if defined(TACIT_HMAC_DRBG_C)

#include <string.h>

#include "tacit/platform.h"

#if defined(__unix__) || defined(__APPLE__)
#include <sys/types.h>
#include <unistd.h>
#define TACIT_RNG_HAVE_PID 1
#endif

#if defined(TACIT_SHA256_C)
#define TACIT_RNG_MD TACIT_MD_SHA256
#elif defined(TACIT_SHA512_C)
#define TACIT_RNG_MD TACIT_MD_SHA512
#else
#define TACIT_RNG_MD TACIT_MD_SHA1
#endif

static const unsigned char rng_pers[] = "tacit default rng";

typedef struct {
    tacit_hmac_drbg_context drbg; /* drbg.seeded == 0: seed before use */
    unsigned long gen;            /* fork generation when seeded */
#if defined(TACIT_RNG_HAVE_PID)
    pid_t pid; /* process id when seeded */
#endif
} rng_state;

/* Fork generation, fork-detection setup: threaded build only. */
#if !defined(TACIT_RNG_DEFAULT_GLOBAL)
#include <pthread.h>
#include <sys/mman.h>

static __thread rng_state *rng_tls;      /* this thread's state, or NULL */
static __thread rng_state rng_tls_spare; /* used when mmap fails (no wipe-on-fork) */
static __thread int rng_tls_wipes;       /* rng_tls is wiped by a fork (MADV_WIPEONFORK) */
static pthread_once_t rng_once = PTHREAD_ONCE_INIT;
static pthread_key_t rng_key;
static int rng_key_ok;             /* written once under rng_once */
static int rng_atfork_ok;          /* written once under rng_once */
static unsigned long rng_fork_gen; /* atomic; bumped in each child */

static void rng_atfork_child(void)
{
    __atomic_add_fetch(&rng_fork_gen, 1, __ATOMIC_RELAXED);
}

static size_t rng_map_size(void)
{
    long page = sysconf(_SC_PAGESIZE);
    size_t p = page > 0 ? (size_t)page : 4096;

    return (sizeof(rng_state) + p - 1) / p * p;
}

#if defined(TACIT_TEST_HOOKS)
static int rng_live_states; /* mapped states not yet destroyed (atomic) */

int tacit_rng_default_test_live_states(void)
{
    return __atomic_load_n(&rng_live_states, __ATOMIC_RELAXED);
}
#endif

/* pthread key destructor, and tacit_rng_default_free. */
static void rng_state_destroy(void *p)
{
    rng_state *st = (rng_state *)p;

    if (st == NULL) {
        return;
    }
    tacit_hmac_drbg_free(&st->drbg);
    tacit_platform_zeroize(st, sizeof(*st));
    if (st != &rng_tls_spare) {
        munmap(st, rng_map_size());
#if defined(TACIT_TEST_HOOKS)
        __atomic_sub_fetch(&rng_live_states, 1, __ATOMIC_RELAXED);
#endif
    }
    if (rng_tls == st) {
        rng_tls = NULL;
    }
}

static void rng_init_once(void)
{
    rng_key_ok = pthread_key_create(&rng_key, rng_state_destroy) == 0;
    rng_atfork_ok = pthread_atfork(NULL, NULL, rng_atfork_child) == 0;
}

/* This thread's state, created on first use; *wipes: a fork wipes it. */
static rng_state *rng_state_get(int *wipes)
{
    rng_state *st = rng_tls;
    void *m;

    if (st != NULL) {
        *wipes = rng_tls_wipes;
        return st;
    }
    *wipes = 0;
    (void)pthread_once(&rng_once, rng_init_once);
    m = mmap(NULL, rng_map_size(), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) {
        st = &rng_tls_spare;
    } else {
        st = (rng_state *)m;
#if defined(TACIT_TEST_HOOKS)
        __atomic_add_fetch(&rng_live_states, 1, __ATOMIC_RELAXED);
#endif
#if defined(MADV_WIPEONFORK)
        /* An emulator (qemu-user) may accept any advice and ignore it:
         * trust WIPEONFORK only where bogus advice is refused. */
        *wipes =
            madvise(m, rng_map_size(), -1) != 0 && madvise(m, rng_map_size(), MADV_WIPEONFORK) == 0;
#endif
    }
    memset(st, 0, sizeof(*st));
    rng_tls_wipes = *wipes;
    if (rng_key_ok) {
        (void)pthread_setspecific(rng_key, st);
    }
    rng_tls = st;
    return st;
}

static unsigned long rng_generation(void)
{
    return __atomic_load_n(&rng_fork_gen, __ATOMIC_RELAXED);
}

#else /* TACIT_RNG_DEFAULT_GLOBAL: one instance, caller serialises */

static rng_state rng_global;

static rng_state *rng_state_get(int *wipes)
{
    *wipes = 0;
    return &rng_global;
}

static unsigned long rng_generation(void)
{
    return 0;
}
#endif

/* Additional input binding a reseed to this process and fork generation. */
typedef struct {
    unsigned long gen;
#if defined(TACIT_RNG_HAVE_PID)
    pid_t pid;
#endif
} rng_fork_id;

int tacit_rng_default(void *p_rng_ignored, unsigned char *out, size_t len)
{
    rng_fork_id id;
    rng_state *st;
    int wipes, ret = 0;

    (void)p_rng_ignored;
    if (out == NULL && len > 0) {
        return TACIT_ERR_BAD_INPUT;
    }
    memset(&id, 0, sizeof(id));
    st = rng_state_get(&wipes);
    id.gen = rng_generation();
#if defined(TACIT_RNG_HAVE_PID)
    id.pid = getpid();
#endif
    if (!st->drbg.seeded) {
        /* First use, or a fork wiped the page (MADV_WIPEONFORK). */
        tacit_hmac_drbg_init(&st->drbg);
        ret = tacit_hmac_drbg_seed(&st->drbg, TACIT_RNG_MD, tacit_entropy_default, NULL, rng_pers,
                                   sizeof(rng_pers) - 1);
#if !defined(TACIT_RNG_DEFAULT_GLOBAL)
        if (!wipes && !rng_atfork_ok) {
            /* No fork detection but the PID: take fresh entropy every call. */
            tacit_hmac_drbg_set_prediction_resistance(&st->drbg, 1);
        }
#endif
    } else if (st->gen != id.gen
#if defined(TACIT_RNG_HAVE_PID)
               || st->pid != id.pid
#endif
    ) {
        ret = tacit_hmac_drbg_reseed(&st->drbg, (const unsigned char *)&id, sizeof(id));
    }
    if (ret == 0) {
        st->gen = id.gen;
#if defined(TACIT_RNG_HAVE_PID)
        st->pid = id.pid;
#endif
        ret = tacit_hmac_drbg_random(&st->drbg, out, len);
    }
    if (ret != 0) {
        /* Start from scratch next time rather than trust a half-updated state. */
        tacit_hmac_drbg_free(&st->drbg);
        if (len > 0) {
            memset(out, 0, len);
        }
    }
    return ret;
}

void tacit_rng_default_free(void)
{
#if !defined(TACIT_RNG_DEFAULT_GLOBAL)
    rng_state *st = rng_tls;

    if (st != NULL) {
        if (rng_key_ok) {
            (void)pthread_setspecific(rng_key, NULL);
        }
        rng_state_destroy(st);
    }
#else
    tacit_hmac_drbg_free(&rng_global.drbg);
    tacit_platform_zeroize(&rng_global, sizeof(rng_global));
#endif
}

#else
typedef int tacit_rng_default_unused;
#endif /* TACIT_HMAC_DRBG_C */
