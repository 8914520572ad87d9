# CMake generated Testfile for 
# Source directory: /work/wt/lead/tests/fuzz
# Build directory: /work/wt/lead/b32/tests/fuzz
# 
# This file includes the relevant testing commands required for 
# testing this directory and lists subdirectories to be tested as well.
add_test([=[fuzz_asn1_replay]=] "/work/wt/lead/b32/tests/fuzz/fuzz_asn1_replay" "/work/wt/lead/tests/fuzz/corpus/fuzz_asn1")
set_tests_properties([=[fuzz_asn1_replay]=] PROPERTIES  LABELS "unit" TIMEOUT "900" _BACKTRACE_TRIPLES "/work/wt/lead/tests/fuzz/CMakeLists.txt;47;add_test;/work/wt/lead/tests/fuzz/CMakeLists.txt;0;")
add_test([=[fuzz_base64_replay]=] "/work/wt/lead/b32/tests/fuzz/fuzz_base64_replay" "/work/wt/lead/tests/fuzz/corpus/fuzz_base64")
set_tests_properties([=[fuzz_base64_replay]=] PROPERTIES  LABELS "unit" TIMEOUT "900" _BACKTRACE_TRIPLES "/work/wt/lead/tests/fuzz/CMakeLists.txt;47;add_test;/work/wt/lead/tests/fuzz/CMakeLists.txt;0;")
add_test([=[fuzz_bignum_openssl_replay]=] "/work/wt/lead/b32/tests/fuzz/fuzz_bignum_openssl_replay" "/work/wt/lead/tests/fuzz/corpus/fuzz_bignum_openssl")
set_tests_properties([=[fuzz_bignum_openssl_replay]=] PROPERTIES  LABELS "unit" TIMEOUT "900" _BACKTRACE_TRIPLES "/work/wt/lead/tests/fuzz/CMakeLists.txt;47;add_test;/work/wt/lead/tests/fuzz/CMakeLists.txt;0;")
add_test([=[fuzz_ec_key_replay]=] "/work/wt/lead/b32/tests/fuzz/fuzz_ec_key_replay" "/work/wt/lead/tests/fuzz/corpus/fuzz_ec_key")
set_tests_properties([=[fuzz_ec_key_replay]=] PROPERTIES  LABELS "unit" TIMEOUT "900" _BACKTRACE_TRIPLES "/work/wt/lead/tests/fuzz/CMakeLists.txt;47;add_test;/work/wt/lead/tests/fuzz/CMakeLists.txt;0;")
add_test([=[fuzz_pem_replay]=] "/work/wt/lead/b32/tests/fuzz/fuzz_pem_replay" "/work/wt/lead/tests/fuzz/corpus/fuzz_pem")
set_tests_properties([=[fuzz_pem_replay]=] PROPERTIES  LABELS "unit" TIMEOUT "900" _BACKTRACE_TRIPLES "/work/wt/lead/tests/fuzz/CMakeLists.txt;47;add_test;/work/wt/lead/tests/fuzz/CMakeLists.txt;0;")
add_test([=[fuzz_pk_replay]=] "/work/wt/lead/b32/tests/fuzz/fuzz_pk_replay" "/work/wt/lead/tests/fuzz/corpus/fuzz_pk")
set_tests_properties([=[fuzz_pk_replay]=] PROPERTIES  LABELS "unit" TIMEOUT "900" _BACKTRACE_TRIPLES "/work/wt/lead/tests/fuzz/CMakeLists.txt;47;add_test;/work/wt/lead/tests/fuzz/CMakeLists.txt;0;")
add_test([=[fuzz_rsa_key_replay]=] "/work/wt/lead/b32/tests/fuzz/fuzz_rsa_key_replay" "/work/wt/lead/tests/fuzz/corpus/fuzz_rsa_key")
set_tests_properties([=[fuzz_rsa_key_replay]=] PROPERTIES  LABELS "unit" TIMEOUT "900" _BACKTRACE_TRIPLES "/work/wt/lead/tests/fuzz/CMakeLists.txt;47;add_test;/work/wt/lead/tests/fuzz/CMakeLists.txt;0;")
add_test([=[fuzz_sig_openssl_replay]=] "/work/wt/lead/b32/tests/fuzz/fuzz_sig_openssl_replay" "/work/wt/lead/tests/fuzz/corpus/fuzz_sig_openssl")
set_tests_properties([=[fuzz_sig_openssl_replay]=] PROPERTIES  LABELS "unit" TIMEOUT "900" _BACKTRACE_TRIPLES "/work/wt/lead/tests/fuzz/CMakeLists.txt;47;add_test;/work/wt/lead/tests/fuzz/CMakeLists.txt;0;")
add_test([=[fuzz_x509_replay]=] "/work/wt/lead/b32/tests/fuzz/fuzz_x509_replay" "/work/wt/lead/tests/fuzz/corpus/fuzz_x509")
set_tests_properties([=[fuzz_x509_replay]=] PROPERTIES  LABELS "unit" TIMEOUT "900" _BACKTRACE_TRIPLES "/work/wt/lead/tests/fuzz/CMakeLists.txt;47;add_test;/work/wt/lead/tests/fuzz/CMakeLists.txt;0;")
