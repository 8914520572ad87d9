#!/usr/bin/env python3
# Make the hand-encoded certificates of tests/data/x509/crafted/ (issue 30):
# names in every string type and RDN order, name constraints of every form,
# parser edge cases and Web PKI profile cases that the openssl command cannot
# produce.  The DER is written by the small encoder below; keys and
# signatures come from python3-cryptography (P-256 ECDSA, RSA-2048 PSS).
#   python3 tests/data/x509/make_crafted.py      (run once; the output is committed)
# Every certificate is valid from 2026-01-01 to 2099-12-31, so the tests'
# TEST_TIME 1800000000 (2027-01-15) is inside each one.
import datetime
import os
import sys

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "crafted")

# ---- DER -------------------------------------------------------------------------


def tlv(tag, body):
    n = len(body)
    if n < 0x80:
        ln = bytes([n])
    else:
        b = n.to_bytes((n.bit_length() + 7) // 8, "big")
        ln = bytes([0x80 | len(b)]) + b
    return bytes([tag]) + ln + body


def seq(*items):
    return tlv(0x30, b"".join(items))


def set_(*items, sort=True):
    items = list(items)
    if sort:
        items.sort()
    return tlv(0x31, b"".join(items))


def oid(dotted):
    parts = [int(x) for x in dotted.split(".")]
    out = bytes([40 * parts[0] + parts[1]])
    for v in parts[2:]:
        enc = [v & 0x7F]
        v >>= 7
        while v:
            enc.append(0x80 | (v & 0x7F))
            v >>= 7
        out += bytes(reversed(enc))
    return tlv(0x06, out)


def integer(v):
    if v == 0:
        return tlv(0x02, b"\x00")
    b = v.to_bytes((v.bit_length() + 8) // 8, "big")
    return tlv(0x02, b)


def octets(b):
    return tlv(0x04, b)


def boolean(v):
    return tlv(0x01, b"\xff" if v else b"\x00")


def bitstring(b, unused=0):
    return tlv(0x03, bytes([unused]) + b)


def gtime(y, m, d):
    return tlv(0x18, ("%04d%02d%02d000000Z" % (y, m, d)).encode())


PRINTABLE, UTF8, IA5, T61, BMP, UNIV = 0x13, 0x0C, 0x16, 0x14, 0x1E, 0x1C


def string(tag, text):
    if tag == BMP:
        return tlv(tag, text.encode("utf-16-be"))
    if tag == UNIV:
        return tlv(tag, text.encode("utf-32-be"))
    if tag == T61:
        return tlv(tag, text.encode("latin-1"))
    return tlv(tag, text.encode("utf-8"))


OIDS = {"CN": "2.5.4.3", "O": "2.5.4.10", "OU": "2.5.4.11", "C": "2.5.4.6",
        "DC": "0.9.2342.19200300.100.1.25", "email": "1.2.840.113549.1.9.1"}


def atv(typ, value, tag=None):
    if tag is None:
        tag = IA5 if typ in ("DC", "email") else UTF8
    return seq(oid(OIDS[typ]), string(tag, value))


def name(*rdns):
    """rdns: each an atv() or a tuple of atv() (a multi-valued RDN, kept in the given order)."""
    out = []
    for r in rdns:
        if isinstance(r, tuple):
            out.append(set_(*r, sort=False))
        else:
            out.append(set_(r))
    return seq(*out)


def simple(*pairs):
    return name(*[atv(t, v) for t, v in pairs])


# ---- extensions --------------------------------------------------------------------


def ext(oid_s, value, critical=False):
    return seq(oid(oid_s), *([boolean(True)] if critical else []), octets(value))


def bc(ca, pathlen=None, critical=True, pathlen_der=None):
    body = b""
    if ca:
        body += boolean(True)
    if pathlen_der is not None:
        body += pathlen_der
    elif pathlen is not None:
        body += integer(pathlen)
    return ext("2.5.29.19", seq(body) if body else seq(), critical)


def ku(bits, critical=True):
    # bits: list of bit numbers
    v = 0
    for b in bits:
        v |= 0x80 >> b
    unused = 0
    while unused < 7 and not (v >> unused) & 1:
        unused += 1
    return ext("2.5.29.15", bitstring(bytes([v]), unused), critical)


def eku(*oids, critical=False):
    return ext("2.5.29.37", seq(*[oid(o) for o in oids]), critical)


SERVER_AUTH, CLIENT_AUTH, ANY_EKU = "1.3.6.1.5.5.7.3.1", "1.3.6.1.5.5.7.3.2", "2.5.29.37.0"


def ski(keyid):
    return ext("2.5.29.14", octets(keyid))


def aki(keyid=None, issuer_name=None, serial=None):
    body = b""
    if keyid is not None:
        body += tlv(0x80, keyid)
    if issuer_name is not None:
        body += tlv(0xA1, tlv(0xA4, issuer_name))
    if serial is not None:
        body += tlv(0x82, serial.to_bytes(1, "big"))
    return ext("2.5.29.35", seq(body) if body else seq())


def dns(n):
    return tlv(0x82, n.encode())


def email(n):
    return tlv(0x81, n.encode())


def dirname(n):
    return tlv(0xA4, n)


def othername(type_oid, value):
    return tlv(0xA0, oid(type_oid) + tlv(0xA0, value))


def regid(o):
    return tlv(0x88, oid(o)[2:])


def san(*gns, critical=False):
    return ext("2.5.29.17", seq(*gns), critical)


def nc(permitted=(), excluded=()):
    body = b""
    if permitted:
        body += tlv(0xA0, b"".join(seq(g) for g in permitted))
    if excluded:
        body += tlv(0xA1, b"".join(seq(g) for g in excluded))
    return ext("2.5.29.30", seq(body), True)


def aia_bad():
    # AuthorityInfoAccess whose AccessDescription lacks the accessLocation
    return ext("1.3.6.1.5.5.7.1.1", seq(seq(oid("1.3.6.1.5.5.7.48.1"))))


def aia_ok():
    return ext("1.3.6.1.5.5.7.1.1",
               seq(seq(oid("1.3.6.1.5.5.7.48.1"), tlv(0x86, b"http://ocsp.example.com/"))))


# ---- keys and signing ---------------------------------------------------------------


class Key:
    def __init__(self, kind="ec", pss_params=None):
        self.kind = kind
        self.pss_params = pss_params  # (hash name, salt) for an id-RSASSA-PSS key
        if kind == "ec":
            self.k = ec.generate_private_key(ec.SECP256R1())
        else:
            self.k = rsa.generate_private_key(public_exponent=65537, key_size=2048)

    def spki(self):
        der = self.k.public_key().public_bytes(serialization.Encoding.DER,
                                               serialization.PublicFormat.SubjectPublicKeyInfo)
        if self.pss_params is None:
            return der
        # re-label the RSA key as id-RSASSA-PSS with parameters
        rsapub = self.k.public_key().public_bytes(serialization.Encoding.DER,
                                                  serialization.PublicFormat.PKCS1)
        return seq(seq(oid("1.2.840.113549.1.1.10"), pss_params_der(*self.pss_params)),
                   bitstring(rsapub))

    def keyid(self):
        h = hashes.Hash(hashes.SHA1())
        h.update(self.spki())
        return h.finalize()


HASHES = {"sha256": (hashes.SHA256, "2.16.840.1.101.3.4.2.1"),
          "sha384": (hashes.SHA384, "2.16.840.1.101.3.4.2.2")}


def pss_params_der(hname, salt):
    h = seq(oid(HASHES[hname][1]))
    return seq(tlv(0xA0, h), tlv(0xA1, seq(oid("1.2.840.113549.1.1.8"), h)),
               tlv(0xA2, integer(salt)))


def sig_alg(key, pss=None):
    if key.kind == "ec":
        return seq(oid("1.2.840.10045.4.3.2"))
    return seq(oid("1.2.840.113549.1.1.10"), pss_params_der(*pss))


def sign(key, tbs, pss=None):
    if key.kind == "ec":
        return key.k.sign(tbs, ec.ECDSA(hashes.SHA256()))
    hname, salt = pss
    h = HASHES[hname][0]()
    return key.k.sign(tbs, padding.PSS(mgf=padding.MGF1(h), salt_length=salt), h)


serial_ctr = [0x1000]


def cert(fname, subject, issuer, key, signer, exts, serial=None, pss=None, raw_version=None,
         raw_serial=None):
    """Write crafted/fname.crt.  exts: list of ext() (None entries dropped)."""
    if serial is None:
        serial_ctr[0] += 1
        serial = serial_ctr[0]
    alg = sig_alg(signer, pss)
    ver = tlv(0xA0, integer(2)) if raw_version is None else raw_version
    ser = integer(serial) if raw_serial is None else raw_serial
    exts = [e for e in exts if e is not None]
    tbs = seq(ver, ser, alg, issuer, seq(gtime(2026, 1, 1), gtime(2099, 12, 31)), subject,
              key.spki(), *([tlv(0xA3, seq(*exts))] if exts else []))
    der = seq(tbs, alg, bitstring(sign(signer, tbs, pss)))
    b64 = __import__("base64").b64encode(der).decode()
    pem = "-----BEGIN CERTIFICATE-----\n" + "\n".join(
        b64[i:i + 64] for i in range(0, len(b64), 64)) + "\n-----END CERTIFICATE-----\n"
    with open(os.path.join(OUT, fname + ".crt"), "w") as f:
        f.write(pem)


def ca_exts(key, issuer_key, *more, pathlen=None):
    return [bc(True, pathlen), ku([5, 6]), ski(key.keyid()),
            aki(issuer_key.keyid()) if issuer_key is not key else None, *more]


def leaf_exts(issuer_key, *more, with_san=True):
    return [ku([0]), eku(SERVER_AUTH, CLIENT_AUTH),
            aki(issuer_key.keyid()), *([san(dns("good.example.com"))] if with_san else []), *more]


def main():
    os.makedirs(OUT, exist_ok=True)
    for f in os.listdir(OUT):
        if f.endswith(".crt"):
            os.remove(os.path.join(OUT, f))

    rk = Key()
    root_n = simple(("O", "tacit crafted"), ("CN", "Root"))
    cert("root", root_n, root_n, rk, rk, ca_exts(rk, rk), serial=1)
    lk = Key()

    # -- the Medium: excluded and permitted directoryName subtrees, issuer chaining
    evil_o = name(atv("O", "Evil", PRINTABLE))
    evil_dc = name(atv("DC", "evil"))
    evil_rdn = name((atv("O", "Evil", PRINTABLE), atv("OU", "Unit", PRINTABLE)))  # DER order
    ik = Key()
    int_ncx = simple(("O", "tacit crafted"), ("CN", "Intermediate NC excluded DN"))
    cert("int-ncx", int_ncx, root_n, ik, rk,
         ca_exts(ik, rk, nc(excluded=[dirname(evil_o), dirname(evil_dc), dirname(evil_rdn)])))
    for tag, nm in ((BMP, "bmp"), (T61, "t61"), (IA5, "ia5"), (UNIV, "univ"), (UTF8, "utf8"),
                    (PRINTABLE, "printable")):
        cert("ncx-" + nm, name(atv("O", "Evil", tag), atv("CN", "leaf")), int_ncx, lk, ik,
             leaf_exts(ik))
    cert("ncx-fold", name(atv("O", "  eVIL  ", UTF8), atv("CN", "leaf")), int_ncx, lk, ik,
         leaf_exts(ik))
    cert("ncx-dc", name(atv("DC", "EVIL"), atv("CN", "leaf")), int_ncx, lk, ik, leaf_exts(ik))
    cert("ncx-rdn", name((atv("OU", "Unit", PRINTABLE), atv("O", "Evil", PRINTABLE)),
                         atv("CN", "leaf")), int_ncx, lk, ik, leaf_exts(ik))
    cert("ncx-rdn-bmp", name((atv("OU", "unit", BMP), atv("O", "EVIL", UTF8)), atv("CN", "leaf")),
         int_ncx, lk, ik, leaf_exts(ik))
    cert("ncx-good", name(atv("O", "Evil Corp", BMP), atv("CN", "leaf")), int_ncx, lk, ik,
         leaf_exts(ik))
    # a SAN directoryName in the excluded subtree (BMPString)
    cert("ncx-san", simple(("CN", "leaf")), int_ncx, lk, ik,
         leaf_exts(ik, san(dns("good.example.com"), dirname(name(atv("O", "Evil", BMP)))),
                   with_san=False))

    pk = Key()
    int_ncp = simple(("O", "tacit crafted"), ("CN", "Intermediate NC permitted DN"))
    cert("int-ncp", int_ncp, root_n, pk, rk,
         ca_exts(pk, rk, nc(permitted=[dirname(name(atv("O", "Good", PRINTABLE)))])))
    cert("ncp-bmp", name(atv("O", "Good", BMP), atv("CN", "leaf")), int_ncp, lk, pk,
         leaf_exts(pk))
    cert("ncp-fold", name(atv("O", " GOOD", UNIV), atv("CN", "leaf")), int_ncp, lk, pk,
         leaf_exts(pk))
    cert("ncp-out", name(atv("O", "Goods", BMP), atv("CN", "leaf")), int_ncp, lk, pk,
         leaf_exts(pk))
    # SAN with a dNSName and a directoryName: the host matches, the directoryName is permitted
    cert("ncp-san", name(atv("O", "Good"), atv("CN", "leaf")), int_ncp, lk, pk,
         leaf_exts(pk, san(dns("good.example.com"), dirname(name(atv("O", "Good"),
                                                                  atv("CN", "x")))),
                   with_san=False))
    cert("ncp-san-out", name(atv("O", "Good"), atv("CN", "leaf")), int_ncp, lk, pk,
         leaf_exts(pk, san(dns("good.example.com"), dirname(name(atv("O", "Bad")))),
                   with_san=False))

    # issuer chaining across encodings: the intermediate's subject is PrintableString and its
    # multi-valued RDN in DER order; the leaf names its issuer in BMPString, other case, other
    # order
    ck = Key()
    int_chain = name((atv("O", "tacit crafted", PRINTABLE), atv("OU", "Chain", PRINTABLE)),
                     atv("CN", "Intermediate Chain", PRINTABLE))
    cert("int-chain", int_chain, root_n, ck, rk, ca_exts(ck, rk))
    chain_alias = name((atv("OU", "CHAIN", BMP), atv("O", "Tacit  Crafted", UTF8)),
                       atv("CN", "intermediate chain ", T61))
    cert("chain-alias", simple(("CN", "leaf")), chain_alias, lk, ck, leaf_exts(ck))

    # -- Low 1: otherName / registeredID constraints fail closed when the leaf has that form
    ok_ = Key()
    int_nco = simple(("O", "tacit crafted"), ("CN", "Intermediate NC otherName"))
    upn = "1.3.6.1.4.1.311.20.2.3"
    cert("int-nco", int_nco, root_n, ok_, rk,
         ca_exts(ok_, rk, nc(excluded=[othername(upn, string(UTF8, "evil@example.com")),
                                       regid("1.2.3.4.5")])))
    cert("nco-other", simple(("CN", "leaf")), int_nco, lk, ok_,
         leaf_exts(ok_, san(dns("good.example.com"),
                            othername(upn, string(UTF8, "evil@example.com"))), with_san=False))
    cert("nco-regid", simple(("CN", "leaf")), int_nco, lk, ok_,
         leaf_exts(ok_, san(dns("good.example.com"), regid("1.2.3.4.5")), with_san=False))
    cert("nco-plain", simple(("CN", "leaf")), int_nco, lk, ok_, leaf_exts(ok_))

    # -- Low 2: rfc822Name constraints over emailAddress in the subject
    ek = Key()
    int_nce = simple(("O", "tacit crafted"), ("CN", "Intermediate NC email"))
    cert("int-nce", int_nce, root_n, ek, rk,
         ca_exts(ek, rk, nc(permitted=[email("example.com"), email(".example.com"),
                                       dns("example.com")],
                            excluded=[email("bad.example.com")])))
    cert("nce-ok", name(atv("CN", "leaf"), atv("email", "a@example.com")), int_nce, lk, ek,
         leaf_exts(ek, san(dns("good.example.com"), email("b@sub.example.com")),
                   with_san=False))
    cert("nce-subj-out", name(atv("CN", "leaf"), atv("email", "a@example.org")), int_nce, lk, ek,
         leaf_exts(ek, with_san=False))
    cert("nce-subj-excl", name(atv("CN", "leaf"), atv("email", "a@BAD.example.com")), int_nce,
         lk, ek, leaf_exts(ek))
    cert("nce-san-excl", simple(("CN", "leaf")), int_nce, lk, ek,
         leaf_exts(ek, san(dns("good.example.com"), email("x@bad.example.com")),
                   with_san=False))

    # -- Low 3: the version [0] swallows the serial
    cert("ver-swallow", simple(("CN", "leaf")), root_n, lk, rk, leaf_exts(rk),
         raw_version=tlv(0xA0, integer(2) + integer(0x4242)), raw_serial=b"")

    # -- Low 5: pathLenConstraint 2^31 (unbounded); an intermediate with only anyExtendedKeyUsage
    bk = Key()
    int_bigpl = simple(("O", "tacit crafted"), ("CN", "Intermediate pathlen 2^31"))
    cert("int-bigpl", int_bigpl, root_n, bk, rk, ca_exts(bk, rk, pathlen=2**31))
    cert("bigpl", simple(("CN", "leaf")), int_bigpl, lk, bk, leaf_exts(bk))
    ak = Key()
    int_anyeku = simple(("O", "tacit crafted"), ("CN", "Intermediate anyEKU"))
    cert("int-anyeku", int_anyeku, root_n, ak, rk, ca_exts(ak, rk, eku(ANY_EKU)))
    cert("anyeku-int", simple(("CN", "leaf")), int_anyeku, lk, ak, leaf_exts(ak))

    # -- Low 6: an id-RSASSA-PSS key with parameters (SHA-256, salt 32)
    sk = Key("rsa", pss_params=("sha256", 32))
    int_pssk = simple(("O", "tacit crafted"), ("CN", "Intermediate PSS key"))
    cert("int-psskey", int_pssk, root_n, sk, rk, ca_exts(sk, rk))
    cert("psskey-ok", simple(("CN", "leaf")), int_pssk, lk, sk, leaf_exts(sk),
         pss=("sha256", 32))
    cert("psskey-hash", simple(("CN", "leaf")), int_pssk, lk, sk, leaf_exts(sk),
         pss=("sha384", 48))
    cert("psskey-salt", simple(("CN", "leaf")), int_pssk, lk, sk, leaf_exts(sk),
         pss=("sha256", 20))

    # -- the Web PKI profile (server purpose)
    cert("wp-serial0", simple(("CN", "leaf")), root_n, lk, rk, leaf_exts(rk), serial=0)
    cert("wp-noaki", simple(("CN", "leaf")), root_n, lk, rk,
         [ku([0]), eku(SERVER_AUTH), san(dns("good.example.com"))])
    cert("wp-anyeku", simple(("CN", "leaf")), root_n, lk, rk,
         [ku([0]), eku(SERVER_AUTH, ANY_EKU), aki(rk.keyid()), san(dns("good.example.com"))])
    cert("wp-sancrit", simple(("CN", "leaf")), root_n, lk, rk,
         [ku([0]), eku(SERVER_AUTH), aki(rk.keyid()), san(dns("good.example.com"),
                                                           critical=True)])
    cert("wp-aia-bad", simple(("CN", "leaf")), root_n, lk, rk, leaf_exts(rk, aia_bad()))
    cert("wp-aia-ok", simple(("CN", "leaf")), root_n, lk, rk, leaf_exts(rk, aia_ok()))
    nk = Key()
    int_noski = simple(("O", "tacit crafted"), ("CN", "Intermediate no SKI"))
    cert("wp-int-noski", int_noski, root_n, nk, rk, [bc(True), ku([5, 6]), aki(rk.keyid())])
    cert("wp-noski-leaf", simple(("CN", "leaf")), int_noski, lk, nk, leaf_exts(nk))
    # roots, each with a leaf below it
    wk = Key()

    def wproot(tag, exts):
        n = simple(("O", "tacit crafted"), ("CN", "WP root " + tag))
        cert("wp-root-" + tag, n, n, wk, wk, exts, serial=2)
        cert("wp-leaf-" + tag, simple(("CN", "leaf")), n, lk, wk, leaf_exts(wk))

    wproot("ok", [bc(True), ku([5, 6]), ski(wk.keyid())])
    wproot("aki-issuer", [bc(True), ku([5, 6]), ski(wk.keyid()),
                          aki(wk.keyid(), issuer_name=simple(("CN", "x")), serial=2)])
    wproot("aki-noid", [bc(True), ku([5, 6]), ski(wk.keyid()), aki(None, simple(("CN", "x")), 2)])
    wproot("aki-mismatch", [bc(True), ku([5, 6]), ski(wk.keyid()), aki(b"\x01" * 20)])
    wproot("nobc", [ku([5, 6]), ski(wk.keyid())])
    wproot("bc-noncrit", [bc(True, critical=False), ku([5, 6]), ski(wk.keyid())])
    wproot("eku", [bc(True), ku([5, 6]), ski(wk.keyid()), eku(SERVER_AUTH)])
    # a self-issued intermediate (key rollover) between the root and the issuing CA
    s1, s2 = Key(), Key()
    int_si = simple(("O", "tacit crafted"), ("CN", "Intermediate self-issued"))
    cert("int-si-old", int_si, root_n, s1, rk, ca_exts(s1, rk))
    cert("int-si-new", int_si, int_si, s2, s1, ca_exts(s2, s1))
    cert("si-leaf", simple(("CN", "leaf")), int_si, lk, s2, leaf_exts(s2))
    print("wrote", len(os.listdir(OUT)), "certificates to", OUT)


if __name__ == "__main__":
    sys.exit(main())
