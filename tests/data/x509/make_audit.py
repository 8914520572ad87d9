#!/usr/bin/env python3
# Make tests/data/x509/audit/ (session 6 standards audit): a leaf without a
# dNSName subjectAltName whose subject commonName reads as a host name is
# held to the dNSName name constraints above it (as OpenSSL does), so that a
# name-constrained CA cannot issue for a host outside its subtrees to
# verifiers that still fall back to the CN.  Also: a leaf with an empty
# subject and no subjectAltName (RFC 5280 4.1.2.6 / 4.2.1.6: no identity at
# all; refused by the parser) and an intermediate whose basicConstraints is
# not critical (RFC 5280 4.2.1.9, CA/B BR 7.1.2.10.4: refused for the
# server purpose).  Same DER encoder, keys and
# validity (2026-01-01 .. 2099-12-31) as make_crafted.py, whose functions it
# imports.  Run once; the output is committed.
#   python3 tests/data/x509/make_audit.py
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_crafted as M  # noqa: E402
from make_crafted import (BMP, PRINTABLE, SERVER_AUTH, Key, aki, atv, bc, ca_exts, cert, dns,  # noqa: E402
                          eku, ku, name, nc, san, seq, simple, ski, tlv)

M.OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "audit")


def ip(b):
    return tlv(0x87, b)


def main():
    os.makedirs(M.OUT, exist_ok=True)
    for f in os.listdir(M.OUT):
        if f.endswith(".crt"):
            os.remove(os.path.join(M.OUT, f))
    rk = Key()
    root_n = simple(("O", "tacit audit"), ("CN", "Root"))
    cert("root", root_n, root_n, rk, rk, ca_exts(rk, rk), serial=1)
    ik = Key()
    int_n = simple(("O", "tacit audit"), ("CN", "Intermediate NC dNSName"))
    cert("int-ncdns", int_n, root_n, ik, rk,
         ca_exts(ik, rk, nc(permitted=[dns("example.com")], excluded=[dns("bad.example.com")])))
    lk = Key()

    def leaf(fname, subject, *more):
        cert(fname, subject, int_n, lk, ik, [ku([0]), eku(SERVER_AUTH), aki(ik.keyid()), *more])

    leaf("cn-out", simple(("CN", "evil.example.org")))
    leaf("cn-excl", simple(("CN", "www.BAD.example.com")))
    leaf("cn-wild-excl", simple(("CN", "*.bad.example.com")))
    leaf("cn-bmp-out", name(atv("CN", "evil.example.org", BMP)))
    leaf("cn-second-out", name(atv("CN", "www.example.com"), atv("CN", "evil.example.org")))
    leaf("cn-ipsan-out", simple(("CN", "evil.example.org")), san(ip(bytes([192, 0, 2, 1]))))
    leaf("cn-in", simple(("CN", "www.example.com")))
    leaf("cn-text", name(atv("CN", "Example Web Server", PRINTABLE)))
    leaf("cn-label", simple(("CN", "localhost")))
    leaf("cn-san-in", simple(("CN", "evil.example.org")), san(dns("www.example.com")))

    # an empty subject: only with a critical subjectAltName
    leaf("empty-subj-nosan", seq())
    leaf("empty-subj-san", seq(), san(dns("www.example.com"), critical=True))
    # an intermediate whose basicConstraints is not critical
    bk = Key()
    int_bc = simple(("O", "tacit audit"), ("CN", "Intermediate BC non-critical"))
    cert("int-bc-noncrit", int_bc, root_n, bk, rk,
         [bc(True, critical=False), ku([5, 6]), ski(bk.keyid()), aki(rk.keyid())])
    cert("bc-noncrit-leaf", simple(("CN", "www.example.com")), int_bc, lk, bk,
         [ku([0]), eku(SERVER_AUTH), aki(bk.keyid()), san(dns("www.example.com"))])


if __name__ == "__main__":
    main()
