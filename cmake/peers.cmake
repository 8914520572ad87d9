# Optional peer libraries, for differential tests and benchmarks only: the
# library itself never links them.  Each one found becomes an INTERFACE target
# tacit_peer_<name> that adds TACIT_HAVE_<NAME>=1; tacit_peers bundles them.
# Tests and programs link tacit_peers and test `#if defined(TACIT_HAVE_GMP)`.

add_library(tacit_peers INTERFACE)
set(TACIT_PEERS_FOUND "")

function(tacit_add_peer name define)
  add_library(tacit_peer_${name} INTERFACE)
  target_compile_definitions(tacit_peer_${name} INTERFACE ${define}=1)
  target_link_libraries(tacit_peer_${name} INTERFACE ${ARGN})
  target_link_libraries(tacit_peers INTERFACE tacit_peer_${name})
  set(TACIT_PEERS_FOUND "${TACIT_PEERS_FOUND} ${name}" PARENT_SCOPE)
endfunction()

# TACIT_PEERS_ONLY: a list of the peers to look for (gmp openssl mbedtls bearssl sodium nettle gcrypt);
# empty: all.  scripts/test_arm32.sh sets gmp: the cross build has an armhf GMP (given as
# GMP_INCLUDE_DIR and GMP_LIBRARY) and no other armhf peer.
set(TACIT_PEERS_ONLY "" CACHE STRING "Look only for these peers (a list; empty: all)")
foreach(p gmp openssl mbedtls bearssl sodium nettle gcrypt)
  if(TACIT_PEERS_ONLY STREQUAL "" OR p IN_LIST TACIT_PEERS_ONLY)
    set(TACIT_WANT_${p} ON)
  else()
    set(TACIT_WANT_${p} OFF)
  endif()
endforeach()

if(TACIT_PEERS AND NOT TACIT_SANITIZE)
  # GMP
  if(TACIT_WANT_gmp)
    find_path(GMP_INCLUDE_DIR gmp.h)
    find_library(GMP_LIBRARY gmp)
    if(GMP_INCLUDE_DIR AND GMP_LIBRARY)
      tacit_add_peer(gmp TACIT_HAVE_GMP ${GMP_LIBRARY})
      # not a default include directory of a cross compiler (/usr/include/arm-linux-gnueabihf)
      target_include_directories(tacit_peer_gmp SYSTEM INTERFACE ${GMP_INCLUDE_DIR})
    endif()
  endif()

  # OpenSSL libcrypto
  if(TACIT_WANT_openssl)
    find_package(OpenSSL QUIET)
    if(OpenSSL_FOUND AND TARGET OpenSSL::Crypto)
      tacit_add_peer(openssl TACIT_HAVE_OPENSSL OpenSSL::Crypto)
    endif()
  endif()

  # mbed TLS (Debian: 2.28, no CMake package)
  if(TACIT_WANT_mbedtls)
    find_path(MBEDTLS_INCLUDE_DIR mbedtls/version.h)
    find_library(MBEDCRYPTO_LIBRARY mbedcrypto)
    find_library(MBEDX509_LIBRARY mbedx509)
    if(MBEDTLS_INCLUDE_DIR AND MBEDCRYPTO_LIBRARY AND MBEDX509_LIBRARY)
      # mbedx509 (certificates, for the x509 rows) needs mbedcrypto after it
      tacit_add_peer(mbedtls TACIT_HAVE_MBEDTLS ${MBEDX509_LIBRARY} ${MBEDCRYPTO_LIBRARY})
    elseif(MBEDTLS_INCLUDE_DIR AND MBEDCRYPTO_LIBRARY)
      tacit_add_peer(mbedtls TACIT_HAVE_MBEDTLS ${MBEDCRYPTO_LIBRARY})
    endif()
  endif()

  # BearSSL
  if(TACIT_WANT_bearssl)
    find_path(BEARSSL_INCLUDE_DIR bearssl.h)
    find_library(BEARSSL_LIBRARY bearssl)
    if(BEARSSL_INCLUDE_DIR AND BEARSSL_LIBRARY)
      tacit_add_peer(bearssl TACIT_HAVE_BEARSSL ${BEARSSL_LIBRARY})
    endif()
  endif()

  # libsodium (X25519 and Ed25519 benchmarks and differential tests)
  if(TACIT_WANT_sodium)
    find_path(SODIUM_INCLUDE_DIR sodium.h)
    find_library(SODIUM_LIBRARY sodium)
    if(SODIUM_INCLUDE_DIR AND SODIUM_LIBRARY)
      tacit_add_peer(sodium TACIT_HAVE_SODIUM ${SODIUM_LIBRARY})
    endif()
  endif()

  # nettle + hogweed (public-key part)
  if(TACIT_WANT_nettle)
    find_path(NETTLE_INCLUDE_DIR nettle/ecdsa.h)
    find_library(NETTLE_LIBRARY nettle)
    find_library(HOGWEED_LIBRARY hogweed)
    if(NETTLE_INCLUDE_DIR AND NETTLE_LIBRARY AND HOGWEED_LIBRARY AND GMP_LIBRARY)
      tacit_add_peer(nettle TACIT_HAVE_NETTLE ${HOGWEED_LIBRARY} ${NETTLE_LIBRARY} ${GMP_LIBRARY})
    endif()
  endif()

  # libgcrypt (symmetric benchmarks: ChaCha20-Poly1305)
  if(TACIT_WANT_gcrypt)
    find_path(GCRYPT_INCLUDE_DIR gcrypt.h)
    find_library(GCRYPT_LIBRARY gcrypt)
    if(GCRYPT_INCLUDE_DIR AND GCRYPT_LIBRARY)
      tacit_add_peer(gcrypt TACIT_HAVE_GCRYPT ${GCRYPT_LIBRARY})
    endif()
  endif()
endif()

# Why a peer is missing, for the tests' SKIP lines (TEST_SKIP_NO_PEER in tests/harness.h):
# say the real cause rather than "not found" when the build itself turned peers off.
if(TACIT_SANITIZE)
  set(TACIT_PEER_ABSENT_WHY "peers are disabled under sanitizers (TACIT_SANITIZE)")
elseif(NOT TACIT_PEERS)
  set(TACIT_PEER_ABSENT_WHY "peers are disabled in this build (TACIT_PEERS=OFF)")
elseif(NOT TACIT_PEERS_ONLY STREQUAL "")
  set(TACIT_PEER_ABSENT_WHY "this build looks only for: ${TACIT_PEERS_ONLY} (TACIT_PEERS_ONLY)")
else()
  set(TACIT_PEER_ABSENT_WHY "not found when this build was configured (scripts/setup.sh installs it)")
endif()
target_compile_definitions(tacit_peers INTERFACE "TACIT_PEER_ABSENT_WHY=\"${TACIT_PEER_ABSENT_WHY}\"")
