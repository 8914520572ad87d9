/*
 * constant_time: every primitive on edge values (0, 1, max, equal,
 * off-by-one), with the inputs marked secret.  In the constant-flow build
 * this runs under valgrind and must be clean; with --negative it runs a
 * deliberately leaky table lookup and an early-exit compare instead, which
 * valgrind must flag (that proves the check itself works).
 */
#include "harness.h"

#include "core/constant_time_internal.h"
#include "tacit/platform.h"

/* A secret copy of v: valgrind treats its bytes as undefined. */
#define SECRET(T, name, v)                                                                         \
    T name = (v);                                                                                  \
    TACIT_TEST_CF_SECRET(&name, sizeof(name))

/* Compare a secret-derived result after declaring it public (test-only). */
#define EXPECT(T, expr, expected)                                                                  \
    do {                                                                                           \
        T got_ = (expr);                                                                           \
        TACIT_TEST_CF_PUBLIC(&got_, sizeof(got_));                                                 \
        TEST_EQUAL(got_, (expected));                                                              \
    } while (0)

static const uint32_t u32_edges[] = { 0,           1,           2,
                                      0x7FFFFFFEu, 0x7FFFFFFFu, 0x80000000u,
                                      0x80000001u, 0xFFFFFFFEu, 0xFFFFFFFFu };
static const uint64_t u64_edges[] = { 0,
                                      1,
                                      2,
                                      0xFFFFFFFFu,
                                      0x100000000u,
                                      0x7FFFFFFFFFFFFFFFu,
                                      0x8000000000000000u,
                                      0xFFFFFFFFFFFFFFFEu,
                                      0xFFFFFFFFFFFFFFFFu };
#define N_EDGES (sizeof(u32_edges) / sizeof(u32_edges[0]))

static void test_masks_u32(void)
{
    size_t i, j;

    for (i = 0; i < N_EDGES; i++) {
        for (j = 0; j < N_EDGES; j++) {
            uint32_t x = u32_edges[i], y = u32_edges[j];
            SECRET(uint32_t, a, x);
            SECRET(uint32_t, b, y);
            EXPECT(uint32_t, tacit_ct_mask_eq_u32(a, b), x == y ? 0xFFFFFFFFu : 0);
            EXPECT(uint32_t, tacit_ct_mask_ne_u32(a, b), x != y ? 0xFFFFFFFFu : 0);
            EXPECT(uint32_t, tacit_ct_mask_lt_u32(a, b), x < y ? 0xFFFFFFFFu : 0);
            EXPECT(uint32_t, tacit_ct_mask_le_u32(a, b), x <= y ? 0xFFFFFFFFu : 0);
            EXPECT(uint32_t, tacit_ct_mask_gt_u32(a, b), x > y ? 0xFFFFFFFFu : 0);
            EXPECT(uint32_t, tacit_ct_mask_ge_u32(a, b), x >= y ? 0xFFFFFFFFu : 0);
            EXPECT(uint32_t, tacit_ct_select_u32(tacit_ct_mask_lt_u32(a, b), a, b), x < y ? x : y);
        }
        {
            uint32_t x = u32_edges[i];
            SECRET(uint32_t, a, x);
            EXPECT(uint32_t, tacit_ct_mask_nonzero_u32(a), x != 0 ? 0xFFFFFFFFu : 0);
            EXPECT(uint64_t, tacit_ct_mask_widen_u32(tacit_ct_mask_nonzero_u32(a)),
                   x != 0 ? 0xFFFFFFFFFFFFFFFFu : 0);
            EXPECT(size_t, tacit_ct_mask_to_size_u32(tacit_ct_mask_nonzero_u32(a)),
                   x != 0 ? (size_t)-1 : 0);
        }
    }
    {
        SECRET(uint32_t, one, 1);
        SECRET(uint32_t, zero, 0);
        EXPECT(uint32_t, tacit_ct_mask_from_bit_u32(one), 0xFFFFFFFFu);
        EXPECT(uint32_t, tacit_ct_mask_from_bit_u32(zero), 0);
    }
exit:
    return;
}

static void test_masks_u64(void)
{
    size_t i, j;

    for (i = 0; i < N_EDGES; i++) {
        for (j = 0; j < N_EDGES; j++) {
            uint64_t x = u64_edges[i], y = u64_edges[j];
            const uint64_t all = 0xFFFFFFFFFFFFFFFFu;
            SECRET(uint64_t, a, x);
            SECRET(uint64_t, b, y);
            EXPECT(uint64_t, tacit_ct_mask_eq_u64(a, b), x == y ? all : 0);
            EXPECT(uint64_t, tacit_ct_mask_ne_u64(a, b), x != y ? all : 0);
            EXPECT(uint64_t, tacit_ct_mask_lt_u64(a, b), x < y ? all : 0);
            EXPECT(uint64_t, tacit_ct_mask_le_u64(a, b), x <= y ? all : 0);
            EXPECT(uint64_t, tacit_ct_mask_gt_u64(a, b), x > y ? all : 0);
            EXPECT(uint64_t, tacit_ct_mask_ge_u64(a, b), x >= y ? all : 0);
            EXPECT(uint64_t, tacit_ct_select_u64(tacit_ct_mask_gt_u64(a, b), a, b), x > y ? x : y);
            EXPECT(tacit_mpi_uint, tacit_ct_mask_lt_limb((tacit_mpi_uint)a, (tacit_mpi_uint)b),
                   (tacit_mpi_uint)x < (tacit_mpi_uint)y ? TACIT_MPI_UINT_MAX : 0);
        }
    }
exit:
    return;
}

static void test_masks_size(void)
{
    static const size_t edges[] = { 0, 1, 2, 255, 256, (size_t)-2, (size_t)-1 };
    size_t i, j, n = sizeof(edges) / sizeof(edges[0]);

    for (i = 0; i < n; i++) {
        for (j = 0; j < n; j++) {
            size_t x = edges[i], y = edges[j];
            SECRET(size_t, a, x);
            SECRET(size_t, b, y);
            EXPECT(size_t, tacit_ct_mask_eq_size(a, b), x == y ? (size_t)-1 : 0);
            EXPECT(size_t, tacit_ct_mask_lt_size(a, b), x < y ? (size_t)-1 : 0);
            EXPECT(size_t, tacit_ct_select_size(tacit_ct_mask_ge_size(a, b), a, b), x >= y ? x : y);
        }
    }
exit:
    return;
}

static void test_in_range(void)
{
    uint32_t c;

    for (c = 0; c < 256; c++) {
        SECRET(uint32_t, s, c);
        EXPECT(uint32_t, tacit_ct_mask_in_range_u32('A', 'Z', s),
               (c >= 'A' && c <= 'Z') ? 0xFFFFFFFFu : 0);
        EXPECT(uint32_t, tacit_ct_mask_in_range_u32('+', '+', s), c == '+' ? 0xFFFFFFFFu : 0);
        EXPECT(uint32_t, tacit_ct_mask_in_range_u32(0, 255, s), 0xFFFFFFFFu);
    }
exit:
    return;
}

static void test_memcmp(void)
{
    unsigned char a[33], b[33];
    size_t len, pos;

    for (len = 0; len <= sizeof(a); len++) {
        memset(a, 0x5A, sizeof(a));
        memset(b, 0x5A, sizeof(b));
        TACIT_TEST_CF_SECRET(a, sizeof(a));
        TACIT_TEST_CF_SECRET(b, sizeof(b));
        TEST_EQUAL(tacit_ct_memcmp(a, b, len), 0);
        for (pos = 0; pos < len; pos++) {
            TACIT_TEST_CF_PUBLIC(b, sizeof(b));
            b[pos] ^= (unsigned char)(1u << (pos % 8));
            TACIT_TEST_CF_SECRET(b, sizeof(b));
            TEST_ASSERT(tacit_ct_memcmp(a, b, len) != 0);
            /* a difference past len does not count */
            TEST_EQUAL(tacit_ct_memcmp(a, b, pos), 0);
            TACIT_TEST_CF_PUBLIC(b, sizeof(b));
            b[pos] ^= (unsigned char)(1u << (pos % 8));
        }
    }
exit:
    return;
}

static void test_memcpy_if(void)
{
    unsigned char dst[17], src[17], keep[17];
    tacit_mpi_uint ld[5], ls[5];
    size_t i;

    for (i = 0; i < sizeof(src); i++) {
        src[i] = (unsigned char)(0xA0 + i);
        keep[i] = (unsigned char)i;
    }
    memcpy(dst, keep, sizeof(dst));
    {
        SECRET(size_t, no, 0);
        TACIT_TEST_CF_SECRET(src, sizeof(src));
        tacit_ct_memcpy_if(no, dst, src, sizeof(dst));
        TACIT_TEST_CF_PUBLIC(dst, sizeof(dst));
        TEST_MEM_EQ(dst, sizeof(dst), keep, sizeof(keep));
    }
    {
        SECRET(size_t, yes, (size_t)-1);
        tacit_ct_memcpy_if(yes, dst, src, sizeof(dst));
        TACIT_TEST_CF_PUBLIC(dst, sizeof(dst));
        TACIT_TEST_CF_PUBLIC(src, sizeof(src));
        TEST_MEM_EQ(dst, sizeof(dst), src, sizeof(src));
    }
    for (i = 0; i < 5; i++) {
        ld[i] = (tacit_mpi_uint)i;
        ls[i] = TACIT_MPI_UINT_MAX - i;
    }
    {
        SECRET(tacit_mpi_uint, yes, TACIT_MPI_UINT_MAX);
        tacit_ct_memcpy_if_limbs(yes, ld, ls, 5);
        TACIT_TEST_CF_PUBLIC(ld, sizeof(ld));
        TEST_MEM_EQ(ld, sizeof(ld), ls, sizeof(ls));
    }
exit:
    return;
}

static void test_table_select(void)
{
    unsigned char table[9][13], out[13], zero[13];
    tacit_mpi_uint ltable[7][3], lout[3], lzero[3] = { 0, 0, 0 };
    size_t i, j;

    for (i = 0; i < 9; i++) {
        for (j = 0; j < 13; j++) {
            table[i][j] = (unsigned char)(i * 16 + j + 1);
        }
    }
    for (i = 0; i < 7; i++) {
        for (j = 0; j < 3; j++) {
            ltable[i][j] = (tacit_mpi_uint)(TACIT_MPI_UINT_MAX - i * 3 - j);
        }
    }
    memset(zero, 0, sizeof(zero));
    TACIT_TEST_CF_SECRET(table, sizeof(table));
    TACIT_TEST_CF_SECRET(ltable, sizeof(ltable));
    for (i = 0; i <= 9; i++) {
        SECRET(size_t, idx, i);
        tacit_ct_table_select(out, table, 13, 9, idx);
        TACIT_TEST_CF_PUBLIC(out, sizeof(out));
        TACIT_TEST_CF_PUBLIC(table, sizeof(table));
        /* index == count is out of range: all zero */
        TEST_MEM_EQ(out, 13, i < 9 ? table[i] : zero, 13);
        TACIT_TEST_CF_SECRET(table, sizeof(table));
    }
    for (i = 0; i <= 7; i++) {
        SECRET(size_t, idx, i);
        tacit_ct_table_select_limbs(lout, &ltable[0][0], 3, 7, idx);
        TACIT_TEST_CF_PUBLIC(lout, sizeof(lout));
        TACIT_TEST_CF_PUBLIC(ltable, sizeof(ltable));
        TEST_MEM_EQ(lout, sizeof(lout), i < 7 ? ltable[i] : lzero, sizeof(lout));
        TACIT_TEST_CF_SECRET(ltable, sizeof(ltable));
    }
exit:
    return;
}

static void test_memmove_left(void)
{
    unsigned char buf[40], expect[40];
    size_t len, off, i;

    for (len = 0; len <= 40; len += 13) {
        for (off = 0; off <= len + 3; off++) {
            for (i = 0; i < len; i++) {
                buf[i] = (unsigned char)(i + 1);
            }
            memset(expect, 0, sizeof(expect));
            for (i = 0; off < len && i < len - off; i++) {
                expect[i] = (unsigned char)(off + i + 1);
            }
            {
                SECRET(size_t, soff, off);
                TACIT_TEST_CF_SECRET(buf, len);
                tacit_ct_memmove_left(buf, len, soff);
                TACIT_TEST_CF_PUBLIC(buf, len);
            }
            TEST_MEM_EQ(buf, len, expect, len);
        }
    }
exit:
    return;
}

static void test_declassify(void)
{
    SECRET(uint32_t, s, 7);
    uint32_t v = tacit_ct_declassify_u32(tacit_ct_mask_eq_u32(s, 7) & 1u);

    /* branching on v is fine: it was declassified on purpose */
    TEST_EQUAL(v, 1);
exit:
    return;
}

static void test_zeroize(void)
{
    unsigned char buf[24];
    static const unsigned char zero[24];

    memset(buf, 0xFF, sizeof(buf));
    tacit_platform_zeroize(buf, sizeof(buf));
    TEST_MEM_EQ(buf, sizeof(buf), zero, sizeof(zero));
    tacit_platform_zeroize(NULL, 0);
exit:
    return;
}

/* ---- negative controls: valgrind must flag these ---------------------------- */

static const unsigned char leaky_table[256] = { 1, 2, 3 };

/* A secret-indexed load: the classic cache-timing leak. */
static unsigned char leaky_lookup(unsigned char secret)
{
    return leaky_table[secret];
}

/* An early-exit compare: time reveals the first differing position. */
static int leaky_memcmp(const unsigned char *a, const unsigned char *b, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        if (a[i] != b[i]) {
            return 1;
        }
    }
    return 0;
}

static void negative_control(void)
{
    unsigned char key[16] = { 9, 8, 7 }, guess[16] = { 9, 8, 6 };
    volatile unsigned char sink;

    TACIT_TEST_CF_SECRET(key, sizeof(key));
    sink = leaky_lookup(key[0]);
    sink = (unsigned char)(sink + leaky_memcmp(key, guess, sizeof(key)));
    (void)sink;
    printf("negative control ran (valgrind must have reported it above)\n");
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    if (test_has_option("--negative")) {
        negative_control();
        return 0;
    }
    RUN_TEST(test_masks_u32);
    RUN_TEST(test_masks_u64);
    RUN_TEST(test_masks_size);
    RUN_TEST(test_in_range);
    RUN_TEST(test_memcmp);
    RUN_TEST(test_memcpy_if);
    RUN_TEST(test_table_select);
    RUN_TEST(test_memmove_left);
    RUN_TEST(test_declassify);
    RUN_TEST(test_zeroize);
    return TEST_MAIN_END();
}
