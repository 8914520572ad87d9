#!/usr/bin/env python3
"""Generate src/ec/ecp_data_gen.c: domain constants and fixed-base tables for the
NIST prime curves P-256, P-384 and P-521.

    python3 scripts/gen/gen_ecp_data.py > src/ec/ecp_data_gen.c

Everything is computed here from the published domain parameters (FIPS 186-4
D.1.2) with Python integers, and checked (G on the curve, n*G = infinity) before
anything is written.  Field elements are in Montgomery form with R = 2^(64*N64),
where N64 is the number of 64-bit limbs, except P-521's coordinates, which
are plain integers (its field uses the Mersenne reduction); scalars mod n
are in Montgomery form for all three.  The 32-bit build uses twice as many
limbs and the same R, so one table serves both (the TACIT_ECP_L64 macro splits
each 64-bit constant into two limbs there).

Fixed-base table layout (see ecp_mul.c): with window w = 5 and spacing s = 4,
table t holds the affine points (2m+1) * 2^(w*s*t) * G for m = 0..15, each as
X then Y, N limbs each.

The three curves also have a larger comb for servers (see
tacit_ecp_mul_base_ct): with window w and Booth digits in [-2^(w-1), 2^(w-1)],
table t holds the affine points m * 2^(w t) * G for m = 1..2^(w-1): P-256
w = 7, tables 0..36 (148 KiB); P-384 w = 6, tables 0..64 (195 KiB, see
ecp_p384_comb.c); P-521 w = 5, tables 0..104 (236 KiB),
compiled unless the configuration asks for small tables
(TACIT_ECP_P256_COMB7, _P384_COMB6, _P521_COMB5 in ecp_internal.h).
"""
import sys

W = 5
SPACING = 4

CURVES = [
    dict(name="p256", bits=256, n64=4,
         p=2**256 - 2**224 + 2**192 + 2**96 - 1,
         n=0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551,
         b=0x5AC635D8AA3A93E7B3EBBD55769886BC651D06B0CC53B0F63BCE3C3E27D2604B,
         gx=0x6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296,
         gy=0x4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5),
    dict(name="p384", bits=384, n64=6,
         p=2**384 - 2**128 - 2**96 + 2**32 - 1,
         n=0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFC7634D81F4372DDF581A0DB248B0A77AECEC196ACCC52973,
         b=0xB3312FA7E23EE7E4988E056BE3F82D19181D9C6EFE8141120314088F5013875AC656398D8A2ED19D2A85C8EDD3EC2AEF,
         gx=0xAA87CA22BE8B05378EB1C71EF320AD746E1D3B628BA79B9859F741E082542A385502F25DBF55296C3A545E3872760AB7,
         gy=0x3617DE4A96262C6F5D9E98BF9292DC29F8F41DBD289A147CE9DA3113B5F0B8C00A60B1CE1D7E819D7A431D7C90EA0E5F),
    dict(name="p521", bits=521, n64=9, plain=True,
         p=2**521 - 1,
         n=0x01fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffa51868783bf2f966b7fcc0148f709a5d03bb5c9b8899c47aebb6fb71e91386409,
         b=0x0051953EB9618E1C9A1F929A21A0B68540EEA2DA725B99B315F3B8B489918EF109E156193951EC7E937B1652C0BD3BB1BF073573DF883D2C34F1EF451FD46B503F00,
         gx=0x00C6858E06B70404E9CD9E3ECB662395B4429C648139053FB521F828AF606B4D3DBAA14B5E77EFE75928FE1DC127A2FFA8DE3348B3C1856A429BF97E7E31C2E5BD66,
         gy=0x011839296A789A3BC0045C8A5FB42C7D1BD998F54449579B446817AFBD17273E662C97EE72995EF42640C550B9013FAD0761353C7086A272C24088BE94769FD16650),
]


def inv(a, m):
    return pow(a, m - 2, m)


def add(P, Q, p):
    if P is None:
        return Q
    if Q is None:
        return P
    (x1, y1), (x2, y2) = P, Q
    if x1 == x2:
        if (y1 + y2) % p == 0:
            return None
        lam = (3 * x1 * x1 - 3) * inv(2 * y1, p) % p
    else:
        lam = (y2 - y1) * inv(x2 - x1, p) % p
    x3 = (lam * lam - x1 - x2) % p
    return (x3, (lam * (x1 - x3) - y1) % p)


def mul(k, P, p):
    R = None
    while k:
        if k & 1:
            R = add(R, P, p)
        P = add(P, P, p)
        k >>= 1
    return R


def limbs64(x, n64):
    return [(x >> (64 * i)) & (2**64 - 1) for i in range(n64)]


def fmt(x, n64, indent="    ", per_line=4):
    ls = ["L(0x%016x)" % v for v in limbs64(x, n64)]
    lines = []
    for i in range(0, len(ls), per_line):
        lines.append(indent + ", ".join(ls[i:i + per_line]) + ",")
    return "\n".join(lines)


# name: (window, tables, guard macro); tables = ceil((bits + 1) / w) Booth digits
COMBS = {
    "p256": (7, 37, "TACIT_ECP_P256_COMB7"),
    "p384": (6, 65, "TACIT_ECP_P384_COMB6"),
    "p521": (5, 105, "TACIT_ECP_P521_COMB5"),
}


def comb(out, c, mont):
    p, n64 = c["p"], c["n64"]
    w, tables, guard = COMBS[c["name"]]
    points = 2 ** (w - 1)
    assert w * tables >= c["bits"] + 1
    out.write("#if defined(%s)\n" % guard)
    out.write("/* %d tables x %d affine points: m * 2^(%d t) * G, m = 1..%d */\n"
              % (tables, points, w, points))
    out.write("TACIT_ECP_TABLE_ALIGN const tacit_mpi_uint tacit_ecp_%s_comb%d[] = {\n"
              % (c["name"], w))
    base = (c["gx"], c["gy"])
    for t in range(tables):
        out.write("    /* table %d: m * 2^%d * G */\n" % (t, w * t))
        P = base
        for m in range(points):
            out.write(fmt(mont(P[0]), n64) + "\n" + fmt(mont(P[1]), n64) + "\n")
            P = add(P, base, p)
        base = mul(2 ** w, base, p)
    out.write("};\n#endif /* %s */\n" % guard)


# name: (wNAF width, guard macro): the odd multiples (2m+1) G, m < 2^(w-2),
# for the G half of ECDSA verification (ecp_mul.c, muladd_jac_unsafe)
VERIFY_TABLES = {
    "p384": (8, "TACIT_ECP_P384_COMB6"),
}


def verify_table(out, c, mont):
    p, n64 = c["p"], c["n64"]
    w, guard = VERIFY_TABLES[c["name"]]
    count = 2 ** (w - 2)
    out.write("#if defined(%s)\n" % guard)
    out.write("/* %d affine points (2m + 1) * G, m = 0..%d: verification's wNAF of width %d */\n"
              % (count, count - 1, w))
    out.write("TACIT_ECP_TABLE_ALIGN const tacit_mpi_uint tacit_ecp_%s_gwnaf%d[] = {\n" % (c["name"], w))
    G = (c["gx"], c["gy"])
    G2 = add(G, G, p)
    P = G
    for m in range(count):
        out.write("    /* %d * G */\n" % (2 * m + 1))
        out.write(fmt(mont(P[0]), n64) + "\n" + fmt(mont(P[1]), n64) + "\n")
        P = add(P, G2, p)
    out.write("};\n#endif /* %s */\n" % guard)


def main():
    out = sys.stdout
    out.write("/*\n * Generated by scripts/gen/gen_ecp_data.py: do not edit.\n"
              " * Domain parameters of P-256, P-384, P-521 (FIPS 186-4 D.1.2) and the\n"
              " * fixed-base tables (window %d, spacing %d), Montgomery form, R = 2^(64*N64).\n"
              " */\n" % (W, SPACING))
    out.write('#include "ec/ecp_internal.h"\n\n#if defined(TACIT_ECP_C)\n\n')
    out.write("/* one 64-bit word: one limb, or two 32-bit limbs */\n#define L(x) TACIT_ECP_L64(x)\n\n")
    for c in CURVES:
        p, n, b, n64, name = c["p"], c["n"], c["b"], c["n64"], c["name"]
        G = (c["gx"], c["gy"])
        out.write("#if defined(TACIT_ECP_SECP%dR1_C)\n" % c["bits"])
        assert (G[1] ** 2 - G[0] ** 3 + 3 * G[0] - b) % p == 0
        assert mul(n, G, p) is None
        assert p % 4 == 3
        R = 2 ** (64 * n64)
        # P-521 coordinates are plain integers (Mersenne reduction, R_p = 1)
        Rp = 1 if c.get("plain") else R
        mont = lambda v: v * Rp % p
        assert c["bits"] == p.bit_length()
        defs = [
            ("p", p), ("n", n), ("b_mont", mont(b)), ("one_mont", Rp % p),
            ("rr_p", Rp * Rp % p), ("gx_mont", mont(G[0])), ("gy_mont", mont(G[1])),
            ("rr_n", R * R % n), ("one_n", R % n),
        ]
        for nm, v in defs:
            out.write("const tacit_mpi_uint tacit_ecp_%s_%s[] = {\n%s\n};\n" % (name, nm, fmt(v, n64)))
        pmm = (-pow(p, -1, 2**64)) % 2**64
        nmm = (-pow(n, -1, 2**64)) % 2**64
        out.write("/* -p^-1 mod 2^64 = 0x%016x, -n^-1 mod 2^64 = 0x%016x (in ecp_curves.c) */\n" % (pmm, nmm))
        # fixed-base table
        ndig = -(-n.bit_length() // W)
        ntab = -(-ndig // SPACING)
        out.write("/* %d tables x 16 affine points */\n" % ntab)
        out.write("TACIT_ECP_TABLE_ALIGN const tacit_mpi_uint tacit_ecp_%s_gtab[] = {\n" % name)
        base = G
        for t in range(ntab):
            P = base
            P2 = add(base, base, p)
            for m in range(16):
                out.write("    /* %d * 2^%d * G */\n" % (2 * m + 1, W * SPACING * t))
                out.write(fmt(mont(P[0]), n64) + "\n" + fmt(mont(P[1]), n64) + "\n")
                P = add(P, P2, p)
            base = mul(2 ** (W * SPACING), base, p)
        out.write("};\n")
        if c["name"] in COMBS:
            comb(out, c, mont)
        if c["name"] in VERIFY_TABLES:
            verify_table(out, c, mont)
        out.write("#endif /* TACIT_ECP_SECP%dR1_C */\n\n" % c["bits"])
    out.write("#else\ntypedef int tacit_ecp_data_unused;\n#endif\n")


if __name__ == "__main__":
    main()
