#!/usr/bin/env python3
"""ML-KEM and ML-DSA keys, signatures, ciphertexts and certificates made by another
implementation (python3-cryptography, here 48.0.0 on its bundled OpenSSL 4.0), for
tests/pk/test_pk_pq.c: keys in PKCS#8 (seed form) and SPKI, DER and PEM; an ML-DSA
signature (empty context) of msg.txt per parameter set; an ML-KEM ciphertext and its
shared secret; an ML-DSA-65 root certificate and an ML-DSA-44 leaf it signed.  Run
once (python3 make_pq.py) in this directory; the outputs are committed.  The seeds
are fixed, so the keys are the same on every run (signatures are randomised)."""
import base64
import datetime
import hashlib

from cryptography import x509
from cryptography.hazmat.primitives import serialization as s
from cryptography.hazmat.primitives.asymmetric import mldsa, mlkem
from cryptography.x509.oid import NameOID

MSG = b"tacit: one door for encoded keys\n"
open("msg.txt", "wb").write(MSG)


def save(name, data):
    open(name, "wb").write(data)


def keys(prefix, k):
    save(prefix + ".p8.der", k.private_bytes(s.Encoding.DER, s.PrivateFormat.PKCS8, s.NoEncryption()))
    save(prefix + ".p8.pem", k.private_bytes(s.Encoding.PEM, s.PrivateFormat.PKCS8, s.NoEncryption()))
    pub = k.public_key()
    save(prefix + ".pub.der", pub.public_bytes(s.Encoding.DER, s.PublicFormat.SubjectPublicKeyInfo))
    save(prefix + ".pub.pem", pub.public_bytes(s.Encoding.PEM, s.PublicFormat.SubjectPublicKeyInfo))
    save(prefix + ".pub.raw", pub.public_bytes_raw())


dsa = {}
for n, cls in ((44, mldsa.MLDSA44PrivateKey), (65, mldsa.MLDSA65PrivateKey), (87, mldsa.MLDSA87PrivateKey)):
    k = cls.from_seed_bytes(bytes((i * 7 + n) & 0xFF for i in range(32)))
    dsa[n] = k
    keys("mldsa%d" % n, k)
    save("mldsa%d.msg.sig" % n, k.sign(MSG))

for n, cls in ((768, mlkem.MLKEM768PrivateKey), (1024, mlkem.MLKEM1024PrivateKey)):
    k = cls.from_seed_bytes(bytes((i * 5 + n) & 0xFF for i in range(64)))
    keys("mlkem%d" % n, k)
    ss, ct = k.public_key().encapsulate()
    save("mlkem%d.ct" % n, ct)
    save("mlkem%d.ss" % n, ss)


def name(cn):
    return x509.Name([x509.NameAttribute(NameOID.ORGANIZATION_NAME, "tacit test"),
                      x509.NameAttribute(NameOID.COMMON_NAME, cn)])


def der_len(n):
    if n < 0x80:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def tlv(tag, body):
    return bytes([tag]) + der_len(len(body)) + body


def children(der):
    """The TLVs inside one DER SEQUENCE."""
    assert der[0] == 0x30
    n, off = der[1], 2
    if n & 0x80:
        k = n & 0x7F
        n, off = int.from_bytes(der[2:2 + k], "big"), 2 + k
    out, body = [], der[off:off + n]
    while body:
        m, o = body[1], 2
        if m & 0x80:
            k = m & 0x7F
            m, o = int.from_bytes(body[2:2 + k], "big"), 2 + k
        out.append(body[:o + m])
        body = body[o + m:]
    return out


def mldsa_alg(n):
    return tlv(0x30, tlv(0x06, bytes.fromhex("608648016503040311") [:-1] + bytes([{44: 17, 65: 18, 87: 19}[n]])))


def pq_cert(builder, subject_key, subject_n, issuer_key, issuer_n):
    """cryptography 48 cannot put an ML-DSA key in a certificate: build it around a
    placeholder Ed25519 key, then swap in the ML-DSA SPKI and signature algorithm and
    sign the TBSCertificate with the issuer's ML-DSA key (RFC 9881, empty context)."""
    from cryptography.hazmat.primitives.asymmetric import ed25519
    tmp = ed25519.Ed25519PrivateKey.from_private_bytes(bytes(32))
    tbs = children(builder.public_key(tmp.public_key()).sign(tmp, None).tbs_certificate_bytes)
    # [0] version, serial, signature, issuer, validity, subject, subjectPublicKeyInfo, [3] ext
    tbs[2] = mldsa_alg(issuer_n)
    tbs[6] = subject_key.public_key().public_bytes(s.Encoding.DER, s.PublicFormat.SubjectPublicKeyInfo)
    tbs = tlv(0x30, b"".join(tbs))
    sig = issuer_key.sign(tbs)
    return tlv(0x30, tbs + mldsa_alg(issuer_n) + tlv(0x03, b"\x00" + sig))


def ku(sign, ca):
    return x509.KeyUsage(digital_signature=sign, content_commitment=False, key_encipherment=False,
                         data_encipherment=False, key_agreement=False, key_cert_sign=ca, crl_sign=ca,
                         encipher_only=False, decipher_only=False)


t0 = datetime.datetime(2025, 1, 1, tzinfo=datetime.timezone.utc)
t1 = datetime.datetime(2045, 1, 1, tzinfo=datetime.timezone.utc)
root_key, leaf_key = dsa[65], dsa[44]
# RFC 5280 4.2.1.2 method 1: SHA-1 of the subjectPublicKey bits
root_kid = hashlib.sha1(root_key.public_key().public_bytes_raw()).digest()
root = pq_cert(x509.CertificateBuilder().subject_name(name("ML-DSA-65 root")).issuer_name(name("ML-DSA-65 root"))
               .serial_number(1).not_valid_before(t0).not_valid_after(t1)
               .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
               .add_extension(ku(False, True), critical=True)
               .add_extension(x509.SubjectKeyIdentifier(root_kid), critical=False),
               root_key, 65, root_key, 65)
leaf = pq_cert(x509.CertificateBuilder().subject_name(name("pq.example")).issuer_name(name("ML-DSA-65 root"))
               .serial_number(2).not_valid_before(t0).not_valid_after(t1)
               .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
               .add_extension(ku(True, False), critical=True)
               .add_extension(x509.ExtendedKeyUsage([x509.oid.ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
               .add_extension(x509.SubjectAlternativeName([x509.DNSName("pq.example")]), critical=False)
               .add_extension(x509.AuthorityKeyIdentifier(root_kid, None, None), critical=False),
               leaf_key, 44, root_key, 65)
save("mldsa-root.crt.der", root)
save("mldsa-root.crt.pem", b"-----BEGIN CERTIFICATE-----\n" +
     b"\n".join(base64.b64encode(root)[i:i + 64] for i in range(0, len(base64.b64encode(root)), 64)) +
     b"\n-----END CERTIFICATE-----\n")
save("mldsa-leaf.crt.der", leaf)
# the same leaf with one bit of its signature flipped
bad = bytearray(leaf)
bad[-10] ^= 1
save("mldsa-leaf-badsig.crt.der", bytes(bad))
