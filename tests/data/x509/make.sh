#!/bin/sh
# Make the certificate chains of tests/x509/test_x509.c with the openssl command
# (run once; the output is committed: tests must not depend on openssl).
#   cd tests/data/x509 && sh make.sh
# Every certificate is valid for 36500 days from the moment it is made
# (expired.crt: 1 day), so tests check at TEST_TIME = 1800000000
# (2027-01-15), after this set was made (2026-11-30) and long before it ends;
# "not yet valid" is checked at 1700000000 (2023).
set -eu
cd "$(dirname "$0")"
rm -f ./*.crt ./*.key ./*.csr ./*.srl ./ext.cnf
O=openssl
DAYS=36500

key_rsa() { $O genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:${2:-2048} -out "$1.key" 2>/dev/null; }
key_ec()  { $O genpkey -algorithm EC -pkeyopt ec_paramgen_curve:${2:-P-256} -out "$1.key"; }

cat > ext.cnf <<'CNF'
[ca]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[ca_pl0]
basicConstraints = critical,CA:TRUE,pathlen:0
keyUsage = critical,keyCertSign,cRLSign
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[ca_noku]
basicConstraints = critical,CA:TRUE
keyUsage = critical,digitalSignature
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[ca_nc]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
nameConstraints = critical,permitted;DNS:example.com,permitted;IP:192.0.2.0/255.255.255.0,excluded;DNS:bad.example.com
[ca_ncdn]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
nameConstraints = critical,permitted;dirName:dn_good
[dn_good]
O = Good
[ca_eku_client]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
extendedKeyUsage = clientAuth
[leaf]
basicConstraints = CA:FALSE
keyUsage = critical,digitalSignature
extendedKeyUsage = serverAuth,clientAuth
subjectAltName = DNS:good.example.com,DNS:*.wild.example.com,IP:192.0.2.1,IP:2001:db8::1
authorityKeyIdentifier = keyid
[leaf_pss]
basicConstraints = CA:FALSE
extendedKeyUsage = serverAuth
subjectAltName = DNS:pss.example.com
[leaf_client]
extendedKeyUsage = clientAuth
subjectAltName = DNS:good.example.com
[leaf_anyeku]
extendedKeyUsage = anyExtendedKeyUsage
subjectAltName = DNS:good.example.com
[leaf_ca]
basicConstraints = critical,CA:TRUE
subjectAltName = DNS:good.example.com
[leaf_nosan]
extendedKeyUsage = serverAuth
[leaf_crit]
subjectAltName = DNS:good.example.com
1.2.3.4 = critical,DER:05:00
[leaf_noncrit]
subjectAltName = DNS:good.example.com
1.2.3.4 = DER:05:00
[leaf_ku_certsign]
keyUsage = critical,digitalSignature,keyCertSign
subjectAltName = DNS:good.example.com
[leaf_ku_noDS]
keyUsage = critical,keyEncipherment
subjectAltName = DNS:good.example.com
[leaf_nc_ok]
subjectAltName = DNS:a.example.com,IP:192.0.2.5
[leaf_nc_out]
subjectAltName = DNS:example.org
[leaf_nc_excl]
subjectAltName = DNS:x.bad.example.com
[leaf_nc_wild]
subjectAltName = DNS:*.example.com
[leaf_nc_ip]
subjectAltName = IP:198.51.100.1
[leaf_nc_email]
subjectAltName = DNS:a.example.com,email:a@example.com
[leaf_badwild]
subjectAltName = DNS:*.com,DNS:f*.example.com,DNS:*.*.example.net
[leaf_plain]
subjectAltName = DNS:good.example.com
[leaf_aki_crit]
subjectAltName = DNS:good.example.com
authorityKeyIdentifier = critical,keyid
[leaf_pathlen_noca]
basicConstraints = critical,CA:FALSE,pathlen:0
subjectAltName = DNS:good.example.com
CNF

# self-signed roots
mkroot() { # name key-type subject [digest]
    $O req -new -x509 -key "$1.key" -subj "$2" -days $DAYS ${3:+-$3} -extensions ca -config ext.cnf \
        -out "$1.crt" 2>/dev/null
}
# issue NAME from KEY, SUBJECT by ISSUER with extension section [extra args]
issue() {
    name=$1 key=$2 subj=$3 issuer=$4 sect=$5; shift 5
    $O req -new -key "$key.key" -subj "$subj" -out "$name.csr" -config /dev/null 2>/dev/null ||
        $O req -new -key "$key.key" -subj "$subj" -out "$name.csr"
    $O x509 -req -in "$name.csr" -CA "$issuer.crt" -CAkey "$issuer.key" -CAcreateserial \
        -days $DAYS -extfile ext.cnf -extensions "$sect" -out "$name.crt" "$@" 2>/dev/null
    rm -f "$name.csr"
}
# the same as issue, but the issuer's key is KEY2 (for certificates sharing a key)
cp_key() { cp "$1.key" "$2.key"; }

key_rsa root-rsa;  mkroot root-rsa "/O=tacit test/CN=Root RSA" sha256
key_ec root-ec P-384; mkroot root-ec "/O=tacit test/CN=Root EC" sha384
key_ec int-ec;  issue int-ec int-ec "/O=tacit test/CN=Intermediate EC" root-rsa ca -sha256
# the same intermediate (subject and key) cross-signed by the EC root
cp_key int-ec int-ec-x; issue int-ec-x int-ec-x "/O=tacit test/CN=Intermediate EC" root-ec ca -sha384
key_rsa int-pss; issue int-pss int-pss "/O=tacit test/CN=Intermediate PSS" root-rsa ca \
    -sha256 -sigopt rsa_padding_mode:pss -sigopt rsa_pss_saltlen:32

key_ec leaf
issue good leaf "/CN=good.example.com" int-ec leaf -sha256
issue expired leaf "/CN=expired" int-ec leaf -sha256 -days 1
issue sha1 leaf "/CN=sha1" int-ec leaf -sha1
issue client leaf "/CN=client" int-ec leaf_client -sha256
issue anyeku leaf "/CN=anyeku" int-ec leaf_anyeku -sha256
issue leafca leaf "/CN=leafca" int-ec leaf_ca -sha256
issue nosan leaf "/CN=good.example.com" int-ec leaf_nosan -sha256
issue crit leaf "/CN=crit" int-ec leaf_crit -sha256
issue noncrit leaf "/CN=noncrit" int-ec leaf_noncrit -sha256
issue ku-certsign leaf "/CN=ku-certsign" int-ec leaf_ku_certsign -sha256
issue ku-nods leaf "/CN=ku-nods" int-ec leaf_ku_noDS -sha256
issue badwild leaf "/CN=badwild" int-ec leaf_badwild -sha256
# malformed by RFC 5280 (the parser refuses them)
issue aki-crit leaf "/CN=aki-crit" int-ec leaf_aki_crit -sha256
issue pathlen-noca leaf "/CN=pathlen-noca" int-ec leaf_pathlen_noca -sha256
key_rsa pssleaf; issue pss pssleaf "/CN=pss.example.com" int-pss leaf_pss \
    -sha384 -sigopt rsa_padding_mode:pss -sigopt rsa_pss_saltlen:48
key_rsa weak 1024; issue weak weak "/CN=weak" int-ec leaf_plain -sha256
key_ec p224 P-224; issue p224 p224 "/CN=p224" int-ec leaf_plain -sha256
# a leaf issued by a leaf (not a CA)
issue by-leaf leaf "/CN=by-leaf" good leaf_plain -sha256 -CAkey leaf.key

# pathLenConstraint 0
key_ec int-pl0; issue int-pl0 int-pl0 "/O=tacit test/CN=Intermediate pathlen 0" root-rsa ca_pl0 -sha256
key_ec int-sub; issue int-sub int-sub "/O=tacit test/CN=Intermediate below pathlen 0" int-pl0 ca -sha256
issue pl-ok leaf "/CN=pl-ok" int-pl0 leaf_plain -sha256
issue pl-bad leaf "/CN=pl-bad" int-sub leaf_plain -sha256

# keyUsage without keyCertSign on the issuer
key_ec int-noku; issue int-noku int-noku "/O=tacit test/CN=Intermediate no keyCertSign" root-rsa ca_noku -sha256
issue noku leaf "/CN=noku" int-noku leaf_plain -sha256

# extKeyUsage on the intermediate: clientAuth only
key_ec int-eku; issue int-eku int-eku "/O=tacit test/CN=Intermediate clientAuth" root-rsa ca_eku_client -sha256
issue eku-nested leaf "/CN=eku-nested" int-eku leaf -sha256

# name constraints
key_ec int-nc; issue int-nc int-nc "/O=tacit test/CN=Intermediate NC" root-rsa ca_nc -sha256
issue nc-ok leaf "/CN=nc-ok" int-nc leaf_nc_ok -sha256
issue nc-out leaf "/CN=nc-out" int-nc leaf_nc_out -sha256
issue nc-excl leaf "/CN=nc-excl" int-nc leaf_nc_excl -sha256
issue nc-wild leaf "/CN=nc-wild" int-nc leaf_nc_wild -sha256
issue nc-ip leaf "/CN=nc-ip" int-nc leaf_nc_ip -sha256
issue nc-email leaf "/CN=nc-email" int-nc leaf_nc_email -sha256
key_ec int-ncdn; issue int-ncdn int-ncdn "/O=tacit test/CN=Intermediate NC DN" root-rsa ca_ncdn -sha256
issue ncdn-ok leaf "/O=Good/CN=ncdn-ok" int-ncdn leaf_plain -sha256
issue ncdn-bad leaf "/O=Evil/CN=ncdn-bad" int-ncdn leaf_plain -sha256

# a loop: A issued by B, B issued by A (no way to a root)
key_ec loop-a; key_ec loop-b
$O req -new -x509 -key loop-b.key -subj "/CN=Loop B" -days $DAYS -extensions ca -config ext.cnf -out loop-b.crt
issue loop-a loop-a "/CN=Loop A" loop-b ca -sha256
issue loop-b2 loop-b "/CN=Loop B" loop-a ca -sha256
mv loop-b2.crt loop-b.crt
issue loop-leaf leaf "/CN=loop-leaf" loop-a leaf_plain -sha256

# Ed25519 (RFC 8410): signatureAlgorithm id-Ed25519, parameters absent.
# A root, an intermediate and a leaf, all Ed25519; a P-256 leaf signed by
# the Ed25519 intermediate.
key_ed() { $O genpkey -algorithm ed25519 -out "$1.key"; }
key_ed root-ed; mkroot root-ed "/O=tacit test/CN=Root Ed25519"
key_ed int-ed; issue int-ed int-ed "/O=tacit test/CN=Intermediate Ed25519" root-ed ca
key_ed ed-leaf; issue ed-good ed-leaf "/CN=good.example.com" int-ed leaf
key_ec ed-ecleaf; issue ed-ecleaf ed-ecleaf "/CN=good.example.com" int-ed leaf

rm -f ./*.srl ./*.key ext.cnf
# the loop's first loop-b (self-signed) is replaced: only A<->B remain
ls ./*.crt | wc -l
