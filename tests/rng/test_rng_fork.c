/*
 * The default RNG across fork(), threads and PID reuse.
 *
 * Every process of a scenario draws 32 bytes from tacit_rng_default and
 * writes them to one pipe (writes of 32 bytes are atomic); the test then
 * requires all records to be distinct.  The PID-namespace cases recreate a
 * reused PID on demand: a process that is PID 1 of one namespace seeds its
 * RNG, then its child becomes PID 1 of a new namespace.  Comparing PIDs alone
 * cannot tell the two apart, so the child would replay the parent's bytes.
 */
#if !defined(_GNU_SOURCE)
#define _GNU_SOURCE
#endif

#include "harness.h"
#include "tacit/hmac_drbg.h"

#if defined(__linux__)
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#define TEST_HAVE_FORK 1
#endif

#if defined(TEST_HAVE_FORK) && !defined(TACIT_RNG_DEFAULT_GLOBAL)

#define REC 32
#define MAX_RECS 64
#define EXIT_SKIP 77

static int rec_fd[2] = { -1, -1 };

/* Draw 32 bytes and write them as one record; returns 0 on success. */
static int emit(void)
{
    unsigned char b[REC];

    if (tacit_rng_default(NULL, b, sizeof(b)) != 0) {
        return -1;
    }
    return write(rec_fd[1], b, sizeof(b)) == (ssize_t)sizeof(b) ? 0 : -1;
}

static int wait_ok(pid_t pid)
{
    int st;

    if (pid < 0) {
        return 0;
    }
    while (waitpid(pid, &st, 0) < 0) {
        if (errno != EINTR) {
            return 0;
        }
    }
    if (WIFEXITED(st) && WEXITSTATUS(st) == EXIT_SKIP) {
        return EXIT_SKIP;
    }
    return WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

/* fork() through glibc, or a raw clone that runs no pthread_atfork handler. */
static pid_t do_fork(int raw)
{
    fflush(stdout);
    if (raw) {
        return (pid_t)syscall(SYS_clone, (unsigned long)SIGCHLD, 0UL, 0UL, 0UL, 0UL);
    }
    return fork();
}

static void open_records(void)
{
    if (pipe(rec_fd) != 0) {
        rec_fd[0] = rec_fd[1] = -1;
    }
}

/*
 * Close the write end, read every record, require n_expected records, all
 * distinct.  Returns 1 if fine.
 */
static int check_records(int n_expected)
{
    unsigned char recs[MAX_RECS][REC];
    int n = 0, i, j, ok = 1;
    ssize_t r;

    close(rec_fd[1]);
    rec_fd[1] = -1;
    while (n < MAX_RECS && (r = read(rec_fd[0], recs[n], REC)) == REC) {
        n++;
    }
    close(rec_fd[0]);
    rec_fd[0] = -1;
    if (n != n_expected) {
        printf("    got %d records, expected %d\n", n, n_expected);
        ok = 0;
    }
    for (i = 0; i < n; i++) {
        for (j = i + 1; j < n; j++) {
            if (memcmp(recs[i], recs[j], REC) == 0) {
                printf("    records %d and %d are equal\n", i, j);
                ok = 0;
            }
        }
    }
    return ok;
}

/* Parent draws, forks 4 children that draw twice each, draws again. */
static void test_fork(void)
{
    pid_t kids[4];
    int i, ok = 1;

    open_records();
    TEST_ASSERT(rec_fd[0] >= 0);
    TEST_EQUAL(emit(), 0);
    for (i = 0; i < 4; i++) {
        kids[i] = do_fork(0);
        if (kids[i] == 0) {
            _exit(emit() == 0 && emit() == 0 ? 0 : 1);
        }
    }
    TEST_EQUAL(emit(), 0);
    for (i = 0; i < 4; i++) {
        ok &= wait_ok(kids[i]) == 1;
    }
    TEST_ASSERT(ok);
    TEST_ASSERT(check_records(1 + 8 + 1));
exit:;
}

/* Parent -> child -> grandchild, each drawing before and after its fork. */
static void test_double_fork(void)
{
    pid_t a;

    open_records();
    TEST_ASSERT(rec_fd[0] >= 0);
    TEST_EQUAL(emit(), 0);
    a = do_fork(0);
    if (a == 0) {
        pid_t b;
        int ok = emit() == 0;
        b = do_fork(0);
        if (b == 0) {
            _exit(emit() == 0 && emit() == 0 ? 0 : 1);
        }
        ok &= emit() == 0;
        ok &= wait_ok(b) == 1;
        _exit(ok ? 0 : 1);
    }
    TEST_EQUAL(emit(), 0);
    TEST_EQUAL(wait_ok(a), 1);
    TEST_ASSERT(check_records(1 + 1 + 2 + 1 + 1));
exit:;
}

static void *fork_thread(void *arg)
{
    pid_t c;
    int *ok = (int *)arg;

    *ok = emit() == 0;
    c = do_fork(0);
    if (c == 0) {
        _exit(emit() == 0 ? 0 : 1);
    }
    *ok &= emit() == 0;
    *ok &= wait_ok(c) == 1;
    return NULL;
}

/* A second thread seeds its own instance, then forks; the child starts from that thread's copy. */
static void test_fork_from_thread(void)
{
    pthread_t th;
    int ok = 0;

    open_records();
    TEST_ASSERT(rec_fd[0] >= 0);
    TEST_EQUAL(emit(), 0);
    TEST_EQUAL(pthread_create(&th, NULL, fork_thread, &ok), 0);
    TEST_EQUAL(pthread_join(th, NULL), 0);
    TEST_ASSERT(ok);
    TEST_EQUAL(emit(), 0);
    TEST_ASSERT(check_records(1 + 1 + 1 + 1 + 1));
exit:;
}

/*
 * In a new user+PID namespace: A is PID 1, draws, moves its children into
 * a second new PID namespace and forks (raw or not) B, which is PID 1 too.
 * A and B then both draw.  Exits EXIT_SKIP when namespaces are not allowed.
 */
static void pidns_scenario(int raw)
{
    pid_t a;

    if (unshare(CLONE_NEWUSER | CLONE_NEWPID) != 0) {
        _exit(EXIT_SKIP);
    }
    a = do_fork(0);
    if (a == 0) {
        pid_t b;
        int ok = getpid() == 1 && emit() == 0;
        if (unshare(CLONE_NEWPID) != 0) {
            _exit(EXIT_SKIP);
        }
        b = do_fork(raw);
        if (b == 0) {
            _exit(getpid() == 1 && emit() == 0 ? 0 : 1);
        }
        ok &= emit() == 0;
        ok &= wait_ok(b) == 1;
        _exit(ok ? 0 : 1);
    }
    {
        int r = wait_ok(a);
        _exit(r == 1 ? 0 : r == EXIT_SKIP ? EXIT_SKIP : 1);
    }
}

static void run_pidns(int raw)
{
    pid_t h;
    int r;

    open_records();
    TEST_ASSERT(rec_fd[0] >= 0);
    TEST_EQUAL(emit(), 0); /* the test process's own instance is seeded too */
    h = do_fork(0);
    if (h == 0) {
        pidns_scenario(raw);
    }
    r = wait_ok(h);
    if (r == EXIT_SKIP) {
        close(rec_fd[0]);
        close(rec_fd[1]);
        rec_fd[0] = rec_fd[1] = -1;
        TEST_SKIP("unprivileged user/PID namespaces not allowed here");
    }
    TEST_EQUAL(r, 1);
    TEST_ASSERT(check_records(1 + 3));
exit:;
}

/* PID reuse through fork(): all three lines of defence apply. */
static void test_pid_reuse_namespace(void)
{
    run_pidns(0);
}

/* 1 if the kernel really zero-fills MADV_WIPEONFORK pages in a child. */
static int kernel_wipes_on_fork(void)
{
#if defined(MADV_WIPEONFORK)
    volatile unsigned char *m;
    pid_t c;
    int r = 0;

    m = (volatile unsigned char *)mmap(NULL, 4096, PROT_READ | PROT_WRITE,
                                       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) {
        return 0;
    }
    m[0] = 1;
    if (madvise((void *)m, 4096, -1) != 0 && madvise((void *)m, 4096, MADV_WIPEONFORK) == 0) {
        c = do_fork(0);
        if (c == 0) {
            _exit(m[0] == 0 ? 0 : 1);
        }
        r = wait_ok(c) == 1;
    }
    munmap((void *)m, 4096);
    return r;
#else
    return 0;
#endif
}

/*
 * PID reuse through a raw clone: no atfork handler runs and the PID is the
 * parent's, so only MADV_WIPEONFORK can save the child.
 */
static void test_pid_reuse_raw_clone(void)
{
    if (!kernel_wipes_on_fork()) {
        TEST_SKIP("kernel without MADV_WIPEONFORK");
    }
    run_pidns(1);
exit:;
}

#if defined(TACIT_TEST_HOOKS)
static void *exit_thread(void *arg)
{
    unsigned char b[16];

    *(int *)arg = tacit_rng_default(NULL, b, sizeof(b));
    return NULL; /* no tacit_rng_default_free: the key destructor must release it */
}
#endif

/* A thread's instance is zeroized and released when the thread exits. */
static void test_thread_exit_wipes(void)
{
#if defined(TACIT_TEST_HOOKS)
    pthread_t th;
    int before, ret = -1, i;

    before = tacit_rng_default_test_live_states();
    for (i = 0; i < 3; i++) {
        TEST_EQUAL(pthread_create(&th, NULL, exit_thread, &ret), 0);
        TEST_EQUAL(pthread_join(th, NULL), 0);
        TEST_EQUAL(ret, 0);
    }
    TEST_EQUAL(tacit_rng_default_test_live_states(), before);
#else
    TEST_SKIP("needs TACIT_TEST_HOOKS");
#endif
exit:;
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    RUN_TEST(test_fork);
    RUN_TEST(test_double_fork);
    RUN_TEST(test_fork_from_thread);
    RUN_TEST(test_pid_reuse_namespace);
    RUN_TEST(test_pid_reuse_raw_clone);
    RUN_TEST(test_thread_exit_wipes);
    tacit_rng_default_free();
    return TEST_MAIN_END();
}

#else

static void test_rng_fork(void)
{
    TEST_SKIP("no fork() here, or TACIT_RNG_DEFAULT_GLOBAL");
exit:;
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    RUN_TEST(test_rng_fork);
    return TEST_MAIN_END();
}
#endif
