/*
 * The body of the packed gcd divsteps (gcd_avx2.c), included with VD
 * (bits per digit = divsteps per batch), GCD_STEPS_B (the batch's steps)
 * and GCD_BODY (the function's name) defined.  The
 * body is inlined into its callers with hc = the pair count H when it is a
 * compile-time constant (the pair placement among the steps is then fixed
 * at compile time), or hc = 0.  No include guard.
 */
static inline __attribute__((always_inline)) AVX2 void GCD_BODY(tacit_mpi_uint *F,
                                                                const tacit_mpi_uint *G,
                                                                size_t limbs, size_t steps,
                                                                tacit_mpi_uint *T, size_t hc)
{
    const size_t H = hc ? hc : gcd_pairs(limbs), batches = (steps + VD - 1) / VD;
    __m256i *S = (__m256i *)(void *)(((uintptr_t)T + 31) & ~(uintptr_t)31);
    __m256i *q, *const qend = S + H;
    const inv_sd *s = (const inv_sd *)(void *)S;
    inv_sd r[4], m[4];
    inv_ud a, b, nf, ng, fw, gw, p[4];
    inv_ud z = ~(inv_ud)0; /* zeta = -(delta + 1/2), delta = 1/2 */
    const __m256i vmask = _mm256_set1_epi64x((long long)(((inv_ud)1 << VD) - 1));
    /* the accumulator's bias 2^62 (a logical shift for the carry), less what the shift leaves */
    const __m256i kb = _mm256_set1_epi64x((long long)(GCD_BIAS - (GCD_BIAS >> VD)));
    const __m256i ktop = _mm256_set1_epi64x((long long)(GCD_BIAS >> VD));
    const __m256i kbias = _mm256_set1_epi64x((long long)GCD_BIAS);
    /* dl: the carry into digit H not yet in it (lanes 2, 3; lanes 0, 1 zero) */
    __m256i acc, tm, c1, c2, dl = _mm256_setzero_si256();
    size_t bi;

    gcd_to_pairs(S, H, F, G, limbs, (__m256i *)(void *)(S + H), VD);

    GCD_STEPS_B((inv_ud)s[0], (inv_ud)s[1], GNONE);
    for (bi = 0; bi < batches; bi++) {
        /* digits 0 and 1 of f and g: lanes 0 and 1 of blocks 0 and 1 */
        inv_ud flo = (inv_ud)s[0] + ((inv_ud)s[4] << VD), glo = (inv_ud)s[1] + ((inv_ud)s[5] << VD);
        /* lanes (f, g, f, g) times (t0, t3, t0, t3) and (g, f, g, f) times (t1, t2, t1, t2) */
        c1 = _mm256_set_epi64x(r[3], r[0], r[3], r[0]);
        c2 = _mm256_set_epi64x(r[2], r[1], r[2], r[1]);
        /* the next batch's words: bits VD..2 VD - 1 of t (f, g) are right, VD are needed */
        fw = ((inv_ud)r[0] * flo + (inv_ud)r[1] * glo) >> VD;
        gw = ((inv_ud)r[2] * flo + (inv_ud)r[3] * glo) >> VD;
        /*
         * pair 0: digit 0 (low lanes: its low VD bits are zero, only the
         * carry goes on) and digit H with the carry left from the last
         * batch (high lanes: the output digit H - 1, without the low
         * half's carry into it, kept in tm for the fix-up)
         */
        {
            __m256i v = _mm256_add_epi64(_mm256_load_si256(S), dl);
            acc = _mm256_add_epi64(
                _mm256_add_epi64(_mm256_mul_epi32(v, c1),
                                 _mm256_mul_epi32(_mm256_shuffle_epi32(v, 0x4E), c2)),
                kbias);
            tm = _mm256_and_si256(acc, vmask);
        }
        q = S + 1;
        if (bi + 1 == batches) {
            /*
             * the last batch: no steps after it, all the pairs in the loop
             * below (the empty asm: without it gcc -O3 kept the loop's
             * pointer in a stack slot that had held a secret, which
             * scripts/check_ct_asm.sh's tracer took for a secret)
             */
            __asm__("" : "+r"(q));
        } else if (hc && H - 1 <= 3 * VD) {
            GCD_STEPS_B(fw, gw, GNEXTC);
            q += H - 1;
        } else if (H - 1 >= 2 * VD) {
            GCD_STEPS_B(fw, gw, GNEXT2);
            q += 2 * VD;
        } else if (H - 1 >= VD) {
            GCD_STEPS_B(fw, gw, GNEXTD);
            q += VD;
        } else {
            GCD_STEPS_B(fw, gw, GNEXT);
        }
        for (; q < qend; q++) {
            GPAIR(q);
        }
        /*
         * The fix-up: acc's low lanes are the low half's carry out of digit
         * H - 1 (signed), its high lanes the signed top digit.  Output digit
         * H - 1 = (tm + carry) mod 2^VD into lanes 0, 1 of block H - 1 (the
         * top digit into lanes 2, 3), and what passes 2^VD (dl, in [-2,
         * 1]) is carried into digit H by the next batch's pair 0 (lanes 0, 1
         * of tm are zero, so those of dl are).
         */
        {
            __m256i fin = _mm256_sub_epi64(_mm256_srli_epi64(acc, VD), ktop);
            __m256i t = _mm256_add_epi64(tm, _mm256_permute2x128_si256(fin, fin, 0x08));
            _mm256_store_si256(S + H - 1,
                               _mm256_permute2x128_si256(_mm256_and_si256(t, vmask), fin, 0x31));
            dl = _mm256_sub_epi64(_mm256_srli_epi64(_mm256_add_epi64(t, kbias), VD), ktop);
        }
    }
    _mm256_store_si256(S, _mm256_add_epi64(_mm256_load_si256(S), dl));
    gcd_from_pairs(F, limbs + 1, s, H, VD);
}
