#!/usr/bin/env python3
"""ML-KEM and X25519MLKEM768 of tacit's provider against pyca/cryptography.

pyca/cryptography (>= 45, over its own OpenSSL 3.5+) is an independent
ML-KEM: keys made on one side are used by the other, both ways, for
ML-KEM-768 and ML-KEM-1024.  X25519MLKEM768 is checked against the layout
of draft-ietf-tls-ecdhe-mlkem composed here from pyca's ML-KEM-768 and
X25519: client share ek || X25519 key, server share ct || X25519 key,
secret ML-KEM ss || X25519 secret; tacit as the client and as the server.
Usage: kem_interop.py KEM_PEER MODULE_DIR.  Prints "SKIP (...)" without
pyca's ML-KEM.
"""
import subprocess
import sys

try:
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import mlkem, x25519
except ImportError:
    print("SKIP (python3 cryptography >= 45 with ML-KEM is not installed)")
    sys.exit(0)

PEER = sys.argv[1:3]
RAW = (serialization.Encoding.Raw, serialization.PublicFormat.Raw)
passed = failed = 0


def check(what, cond):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print("FAIL:", what)


def encaps_on_tacit(alg, pub):
    out = subprocess.run(PEER + [alg, "encaps"], input=pub.hex() + "\n",
                         capture_output=True, text=True).stdout.split()
    return (bytes.fromhex(out[0]), bytes.fromhex(out[1])) if len(out) == 2 else (b"", b"")


def keygen_on_tacit(alg):
    p = subprocess.Popen(PEER + [alg, "keygen"], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True)
    return p, bytes.fromhex(p.stdout.readline().strip())


def decaps_on_tacit(p, ct):
    out, _ = p.communicate(ct.hex() + "\n")
    return bytes.fromhex(out.strip())


for alg, priv, pub in (("ML-KEM-768", mlkem.MLKEM768PrivateKey, mlkem.MLKEM768PublicKey),
                       ("ML-KEM-1024", mlkem.MLKEM1024PrivateKey, mlkem.MLKEM1024PublicKey)):
    for _ in range(4):
        k = priv.generate()
        ct, ss = encaps_on_tacit(alg, k.public_key().public_bytes_raw())
        check(alg + ": tacit encapsulates to a pyca key", ct != b"" and k.decapsulate(ct) == ss)
        p, ek = keygen_on_tacit(alg)
        ss, ct = pub.from_public_bytes(ek).encapsulate()
        check(alg + ": pyca encapsulates to a tacit key", decaps_on_tacit(p, ct) == ss)

for _ in range(4):
    p, share = keygen_on_tacit("X25519MLKEM768")
    ss_k, ct = mlkem.MLKEM768PublicKey.from_public_bytes(share[:1184]).encapsulate()
    e = x25519.X25519PrivateKey.generate()
    ss_x = e.exchange(x25519.X25519PublicKey.from_public_bytes(share[1184:]))
    got = decaps_on_tacit(p, ct + e.public_key().public_bytes(*RAW))
    check("X25519MLKEM768: tacit client", len(share) == 1216 and got == ss_k + ss_x)
    dk, xc = mlkem.MLKEM768PrivateKey.generate(), x25519.X25519PrivateKey.generate()
    sv, ss = encaps_on_tacit("X25519MLKEM768", dk.public_key().public_bytes_raw() +
                             xc.public_key().public_bytes(*RAW))
    want = (dk.decapsulate(sv[:1088]) +
            xc.exchange(x25519.X25519PublicKey.from_public_bytes(sv[1088:]))) if len(sv) == 1120 else None
    check("X25519MLKEM768: tacit server", ss == want)

print("kem_interop: %d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
