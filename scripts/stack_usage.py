#!/usr/bin/env python3
"""Worst-case stack of tacit's public operations from GCC's call graph.

    scripts/stack_usage.py DIR [ENTRY ...]

DIR holds the .ci files of `gcc -fcallgraph-info=su` (one per object).
For each entry point the deepest path through the static call graph is
summed from the per-function frame sizes (.su, "static" frames: no VLA,
no alloca).  Indirect calls are resolved to every function they may reach,
by the caller's module (see INDIRECT): the curve field products for the
ecp code, the hash functions for md, the library's random generators for
an f_rng callback; the firmware's entropy callback is not counted.  C library calls (memcpy, memset, ...) count as 0
(newlib-nano's are leaf functions of a few words).  Prints one line per
entry: bytes, entry, and the path.
"""
import os
import re
import sys

NODE = re.compile(r'node: \{ title: "([^"]+)" label: "([^"]*)"')
EDGE = re.compile(r'edge: \{ sourcename: "([^"]+)" targetname: "([^"]+)"')
FRAME = re.compile(r'\\n(\d+) bytes \((static|dynamic|dynamic,bounded)\)')

# Indirect calls: which functions a call through a pointer may reach, by
# caller (first match wins).  {curve} is the curve the operation runs on
# (p256 for the P-256 entries, any curve otherwise).
RNG = r'^(tacit_rng_default|tacit_hmac_drbg_random)$'
FIELD = r'^tacit_ecp_(small_)?{curve}_(mul|sqr|add|sub|sc_mul)$'
INDIRECT = [
    # f_rng callbacks: the library's own generators
    (r'^(tacit_ecp_random_scalar|sign_core|random_below_n|tacit_mpi_fill_random|'
     r'tacit_rsa_(pkcs1_encrypt|pss_sign|oaep_encrypt))$', [RNG, FIELD]),
    # the curve table's point formulas (default profile) and field products
    (r'^tacit_ecp_(jac|proj)_(dbl|add|madd)$', [r'^tacit_ecp_{curve}_(jac|proj)_']),
    (r'^(tacit_ecp_|jac_|ladder)', [FIELD]),
    # the hash compression function of the shared 64-byte block buffer
    (r'^tacit_sha_block64_update$', [r'^sha(1|256)_blocks']),
    # ML-KEM's polynomial kernels (through tacit_mlkem_kernels; the portable ones on Arm)
    (r'^(sample_ntt|sample_cbd|emit_poly|row_product|pke_(keygen|encrypt|decrypt)|'
     r'tacit_mlkem_(encaps_m|decaps))$',
     [r'^tacit_mlkem_(ntt|invntt|basemul_acc)_c$', r'^tacit_mlkem_rej_uniform_unsafe$',
      r'^tacit_mlkem_(acc_reduce|poly_(reduce|tomont|tobytes|frombytes|check_modulus|'
      r'compress|decompress|frommsg|tomsg|cbd))$']),
    # ML-DSA's polynomial kernels (through tacit_mldsa_kernel; the portable ones on Arm)
    (r'^tacit_mldsa_expand_a(_x4)?$', [r'^tacit_mldsa_rej_uniform_unsafe$']),
    (r'^(mat_times_vec(\.constprop\.\d+)?|verify_mu_unsafe|tacit_mldsa_keygen_seed|sign_load_key)$',
     [r'^tacit_mldsa_(ntt|invntt_tomont|pointwise|pointwise_acc|poly_decompose|poly_use_hint)_c$']),
    (r'^(sign_internal|sign_attempt)$',
     [r'^tacit_mldsa_(ntt|invntt_tomont|pointwise|pointwise_acc|poly_decompose|poly_use_hint|'
      r'sample_in_ball)_c$']),
    (r'^sign_common$', [RNG]),
    # the entropy source (supplied by the firmware) and memset: not counted
    (r'^(tacit_hmac_drbg_seed|drbg_reseed_source|tacit_platform_zeroize)$', []),
]
UNRESOLVED = set()


def short(name):
    return name.split(":")[-1]


def load(d):
    frames, edges, files = {}, {}, {}
    for fn in sorted(os.listdir(d)):
        if not fn.endswith(".ci"):
            continue
        src = ""
        for line in open(os.path.join(d, fn)):
            m = NODE.search(line)
            if m:
                title, label = m.groups()
                f = FRAME.search(label)
                if f:
                    frames[title] = (int(f.group(1)), f.group(2))
                    files[title] = label.split("\\n")[1] if "\\n" in label else ""
                continue
            m = EDGE.search(line)
            if m:
                a, b = m.groups()
                edges.setdefault(a, []).append(b)
    # calls to a non-static function name its title directly; static ones are file:name
    return frames, edges, files


def resolve_indirect(caller, frames, curve):
    for pat, targets in INDIRECT:
        if re.search(pat, short(caller)):
            out = []
            for t in targets:
                t = t.replace("{curve}", curve)
                hit = [f for f in frames if re.search(t, short(f))]
                # the small profile's field when it is the one in use
                small = [f for f in hit if short(f).startswith("tacit_ecp_small_")]
                out += small or hit
            return out
    UNRESOLVED.add(short(caller))
    return []


def worst(frames, edges, curve):
    memo = {}

    def visit(f, stack):
        if f in memo:
            return memo[f]
        if f in stack:
            return (0, [f + " (RECURSION)"])
        own = frames.get(f, (0, "static"))[0]
        best = (0, [])
        for t in edges.get(f, []):
            if t == "__indirect_call":
                cands = resolve_indirect(f, frames, curve)
            else:
                cands = [t]
            for c in cands:
                r = visit(c, stack | {f})
                if r[0] > best[0]:
                    best = r
        memo[f] = (own + best[0], [f] + best[1])
        return memo[f]

    return visit


def main():
    d = sys.argv[1]
    frames, edges, files = load(d)
    dyn = sorted(short(f) for f, (b, k) in frames.items() if k != "static")
    for entry in sys.argv[2:]:
        label, _, fn = entry.partition("=")
        if fn not in frames:
            print("%-26s %6s  (%s not compiled in)" % (label, "-", fn))
            continue
        curve = "p256" if "P256" in label else r"p(256|384|521)"
        total, path = worst(frames, edges, curve)(fn, frozenset())
        print("%-26s %6d  %s" % (label, total,
                                  " > ".join("%s %d" % (short(p), frames.get(p, (0,))[0])
                                             for p in path)))
    if UNRESOLVED:
        print("  indirect calls not resolved (counted as 0): " + ", ".join(sorted(UNRESOLVED)))
    if dyn:
        print("  dynamic frames (VLA/alloca, not bounded here): " + ", ".join(dyn))


if __name__ == "__main__":
    main()
