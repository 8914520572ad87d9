/*
 * The body of the AVX2 divsteps (inv_avx2.c), included three times, with
 * VD (bits per digit = divsteps per batch) and DIVSTEPS_B (the batch's
 * steps) defined.  INV_SMALL 1: avx2_divsteps_small (the inverse up to
 * SMALL_LIMBS limbs), with the 256-bit digit placement (VNEXT8).
 * INV_WIDE 0: avx2_divsteps_narrow, the batches interleave one digit of
 * the update with each step.  INV_WIDE 1: the body of
 * tacit_mpi_core_avx2_divsteps_wide (inlined there with wide = 1), which
 * for 61 digits and more interleaves two, three or four (VNEXT60/90/120),
 * so that the steps (integer units) overlap more of the update (vector
 * units) instead of leaving most digits to the loop after them: on Zen 4
 * 6% fewer TSC ticks at 2048 bits, 13% at 3072, 10% at 4096.  The narrow
 * copy is textually the former code: one function with a flag for both
 * compiled the small sizes differently (2-5% slower at 256 and 1024 bits).
 * INV_VL 1 (the inverse's small and narrow bodies, names ending in _vl):
 * the carry's arithmetic shift of AVX-512VL, no bias (see vsra_vl_).
 * The small and narrow bodies start at a multiple of 64 bytes (aligned(64)
 * puts the object's text at 64 too), so their loops' offsets within the
 * fetch and op-cache lines no longer depend on the link order.  Min TSC on
 * Zen 4, tacit_mpi_inv_mod 1024 bits, this object linked in three places
 * (in libtacit.a, before it, after bignum_gcd.o): 10160-10240 ticks
 * without, 10202-10218 with (AVX2 bodies: 10556-10670, 10540-10598).
 * No include guard.
 */
#if INV_WIDE
/* inlined into tacit_mpi_core_avx2_divsteps_wide with wide = 1 (that form compiled faster) */
static inline __attribute__((always_inline)) AVX2 void INV_NAME(avx2_divsteps_wide_body)(
    tacit_mpi_uint *F, tacit_mpi_uint *D, const tacit_mpi_uint *G, const tacit_mpi_uint *M,
    size_t limbs, size_t steps, tacit_mpi_uint *T, int wide)
#elif INV_SMALL
static __attribute__((noinline, aligned(64))) AVX2 void INV_NAME(avx2_divsteps_small)(
    tacit_mpi_uint *F, tacit_mpi_uint *D, const tacit_mpi_uint *G, const tacit_mpi_uint *M,
    size_t limbs, size_t steps, tacit_mpi_uint *T)
#else
static __attribute__((noinline, aligned(64))) AVX2 void INV_NAME(avx2_divsteps_narrow)(
    tacit_mpi_uint *F, tacit_mpi_uint *D, const tacit_mpi_uint *G, const tacit_mpi_uint *M,
    size_t limbs, size_t steps, tacit_mpi_uint *T)
#endif
{
    const size_t K = vdigits(limbs, VD), batches = (steps + VD - 1) / VD;
    /* the short batch's divsteps (public): 7, 14 or VD (see DIVSTEPS_LAST) */
#if INV_GCD
    /* the gcd: whole batches only (a short one cost its 1024-bit loop 3%: code layout) */
    const size_t last = VD;
#else
    const size_t left = steps - (batches - 1) * VD, last = left <= 7 ? 7 : left <= 14 ? 14 : VD;
#endif
    __m256i *S = (__m256i *)(void *)(((uintptr_t)T + 31) & ~(uintptr_t)31), *Mb = S + K;
    __m256i *q, *mq, *const qend = S + K;
    inv_sd *s = (inv_sd *)(void *)S, *mw = (inv_sd *)(void *)Mb, r[4], m[4];
    inv_ud mi = INV_GCD ? 0 : 0 - tacit_mpi_core_mont_init(M), a, b, nf, ng, fw, gw, p[4];
    inv_ud z = ~(inv_ud)0; /* zeta = -(delta + 1/2), delta = 1/2 */
    const __m256i vmask = _mm256_set1_epi64x((long long)VMASK);
#if !INV_GCD && !INV_WIDE
    const __m256i miv = _mm256_set1_epi64x((long long)mi);
#endif
    /* the bias 2^62 taken back by the carry's shift (2^(62 - VD)) and put on again; INV_VL: none */
#if INV_VL
#define VSHR(x) vsra_vl_(x, VD)
#define VBIAS 0
#define VBIAS_TOP 0
#else
#define VSHR(x) _mm256_srli_epi64(x, VD)
#define VBIAS ((inv_ud)1 << 62)
#define VBIAS_TOP ((inv_ud)1 << (62 - VD))
#endif
    const __m256i kb = _mm256_set1_epi64x((long long)(VBIAS - VBIAS_TOP));
    __m256i acc, c1, c2, c3;
    size_t i, bi;

    to_blocks(S, K, F, limbs + 1, G, limbs, VD);
#if INV_GCD
    /* the gcd: no cofactors (the lanes d, e stay zero), no M */
    (void)D, (void)M, (void)mw, (void)mi, (void)i;
#else
    s[2] = 2; /* d: f = M + 2 A = 2 A (mod M) */
    s[3] = 1; /* e: g = A */
    to_blocks(Mb, K, M, limbs, NULL, 0, VD);
    (void)mw, (void)i;
#endif

    /* the first batch: the short one if the bound asks for fewer than VD more (before the loop) */
    if (last == 7) {
        DIVSTEPS_LAST((inv_ud)s[0], (inv_ud)s[1], VNONE, 7);
    } else if (last == 14) {
        DIVSTEPS_LAST((inv_ud)s[0], (inv_ud)s[1], VNONE, 14);
    } else {
        DIVSTEPS_B((inv_ud)s[0], (inv_ud)s[1], VNONE);
    }
    for (bi = 0; bi < batches; bi++) {
        inv_ud flo = (inv_ud)s[0] + ((inv_ud)s[4] << VD), glo = (inv_ud)s[1] + ((inv_ud)s[5] << VD);
        c3 = _mm256_setzero_si256(); /* the gcd: not used; the inverse: below */
#if !INV_GCD
#if INV_WIDE
        /*
         * the wide sizes (29 limbs and more): md, me on the integer side
         * (MDE_SCALAR; the narrow and small sizes: see digit 0 below),
         * where the update (vector units) bounds the kernel and the vector
         * form's longer start of its chain cost as much as it saved (min
         * TSC on Zen 4: 2048 bits -2.5%, 3072 bits +4%, 4096 bits +1.5%)
         */
        MDE_SCALAR();
#endif
#endif
        /* lanes f, g, d, e times (f, g, d, e) and times (g, f, e, d) */
        c1 = _mm256_set_epi64x(r[3], r[0], r[3], r[0]);
        c2 = _mm256_set_epi64x(r[2], r[1], r[2], r[1]);
        /* the next batch's words: bits VD..2 VD - 1 of t (f, g) are right, VD are needed */
        fw = ((inv_ud)r[0] * flo + (inv_ud)r[1] * glo) >> VD;
        gw = ((inv_ud)r[2] * flo + (inv_ud)r[3] * glo) >> VD;
        /* digit 0: its low bits are zero, nothing is stored */
        {
            __m256i v = _mm256_load_si256(S), pp;
            pp = _mm256_add_epi64(_mm256_mul_epi32(v, c1),
                                  _mm256_mul_epi32(_mm256_shuffle_epi32(v, 0x4E), c2));
#if !INV_GCD
            {
                /*
                 * d, e: M added for a negative one, and a multiple of M for zero
                 * low bits, in lanes d, e (vector work, off the integer units the
                 * steps keep busy): md = (t0 if d < 0) + (t1 if e < 0), me =
                 * (t2 if d < 0) + (t3 if e < 0), from the signs of the top
                 * digits, each less (M^-1 (t0 d + t1 e) + md) mod 2^VD (pp's
                 * lanes d, e hold t0 d_0 + t1 e_0 and t2 d_0 + t3 e_0, and
                 * VPMULUDQ's low 32 bits of them are enough modulo 2^VD)
                 */
#if !INV_WIDE
                {
                    __m256i sg =
                        _mm256_cmpgt_epi64(_mm256_setzero_si256(), _mm256_load_si256(S + K - 1));
                    __m256i mde =
                        _mm256_add_epi64(_mm256_and_si256(c1, sg),
                                         _mm256_and_si256(c2, _mm256_shuffle_epi32(sg, 0x4E)));
                    __m256i t = _mm256_add_epi64(_mm256_mul_epu32(pp, miv), mde);
                    mde = _mm256_sub_epi64(mde, _mm256_and_si256(t, vmask));
                    c3 = _mm256_and_si256(mde, _mm256_set_epi64x(-1, -1, 0, 0));
                }
#endif
                pp = _mm256_add_epi64(pp, _mm256_mul_epi32(_mm256_load_si256(Mb), c3));
            }
#endif
            acc = INV_VL ? pp : _mm256_add_epi64(pp, _mm256_set1_epi64x((long long)VBIAS));
        }
        q = S + 1;
        mq = Mb + 1;
        if (bi + 1 == batches) {
            /* the last batch: no steps after it */
#if INV_WIDE
        } else if (wide && K >= 121) {
            DIVSTEPS_B(fw, gw, VNEXT120);
            q += 120;
            mq += 120;
        } else if (wide && K >= 91) {
            DIVSTEPS_B(fw, gw, VNEXT90);
            q += 90;
            mq += 90;
        } else if (wide && K >= 61) {
            DIVSTEPS_B(fw, gw, VNEXT60);
            q += 60;
            mq += 60;
#endif
#if INV_SMALL && !INV_GCD
        } else if (K == 9) {
            DIVSTEPS_B(fw, gw, VNEXT8);
            q += 8;
            mq += 8;
#endif
        } else if (K >= VD + 1) {
            DIVSTEPS_B(fw, gw, VNEXTD);
            q += VD;
            mq += VD;
        } else {
            DIVSTEPS_B(fw, gw, VNEXT);
        }
        for (; q < qend; q++, mq++) {
            VDIGIT(q, mq);
        }
        /* the top digit: the signed carry */
        _mm256_store_si256(S + K - 1,
                           _mm256_sub_epi64(VSHR(acc), _mm256_set1_epi64x((long long)VBIAS_TOP)));
    }
#undef VSHR
#undef VBIAS
#undef VBIAS_TOP
    from_blocks(F, INV_GCD ? NULL : D, limbs + 1, S, K, VD);
}
