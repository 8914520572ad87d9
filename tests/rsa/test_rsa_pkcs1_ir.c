/*
 * PKCS#1 v1.5 decryption with implicit rejection (draft-irtf-cfrg-rsa-
 * guidance, section 7) and its explicit-rejection twin.
 *
 * The vectors are the draft's own (Appendix B, the 2048-bit and 2049-bit
 * keys): ciphertexts with valid padding and with every kind of bad padding,
 * and the message (real or synthetic) each must decrypt to.  Then the
 * properties: the same ciphertext always gives the same synthetic message,
 * synthetic lengths spread over 0 .. k - 11, valid ciphertexts round-trip,
 * and the explicit variant refuses exactly what the implicit one replaces.
 */
#include "harness.h"

#include "tacit/hmac_drbg.h"
#include "tacit/rsa.h"
#include "rsa/rsa_internal.h"

static const char key2048_pem[] =
    "-----BEGIN PRIVATE KEY-----\n"
    "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQDIzIOXFAmNpWyq\n"
    "I2QPk9yJl8FjcpaPwbDG31ETwclOiyHkitIpfmVBkBG05tj15zsbeLJXQAMh0e9r\n"
    "YC1OyM6NFByUkF60rTBmOaSSBlNLbn8mB0I+l9/9EzyI1yE5ne+8fpbM3L1/Oq4f\n"
    "6JJxK/tJKYF9URZmRAofrLeiCPXqFlkQrdij8tSXICNgzLYyAk8NBxacGRjzFveU\n"
    "sUOu9U7IdSKkwCl4+WiZgL/79knDB+gYGb/4hAljjUi9lL4VK1n/ZJ+gvWKdD/oY\n"
    "E8Or9LVr08LqVGXf+hRYkpKp2KJK0mvn7gUQdBtjgtQ8g9W/pApGYT0GK+RFUX28\n"
    "rwy04adpAgMBAAECggEAFFUBDg8tWHZjpmam/xzNu/Dt2BAGRtAqAjkikImSxK05\n"
    "5VZZKXJu9lCMOnEVjvC2/3UdOdB1gLstLwYyEEQtBgP/UNu9ezX+LJuxmkehr4Wk\n"
    "wkkB4CyotYt5GbIO3zKqz79RrbS8S2G5t+loyqTVcPcO8Y2AYyKIk+R9Q578p5Ml\n"
    "m88s0Qij2GiM3weOeseZlp8jOdLB9SK5aWhGKakzuq7CaBYl6rhPTlb0RH6diPua\n"
    "GZz3ECPg4lexREGzPITTvGfKgDHSYSYYEDp6CkCEQmL3XYiQzWFuUfkDVIj9bgmd\n"
    "6P9tZaT/EYJUgHyfWNL7uouhUdyMaL40nJd6IE4EwQKBgQD49a1rqCiTG+pFm4o/\n"
    "bcBB0jSCQJwlcelj8x90hgKiVjcbOIPtRZ7PlwUmRZ7dFuBVIvWkXZR1Gy7C2vJy\n"
    "x/iBalLADRgIAXFjTaiZ15cyIvUbk3YwVIaWqffYwkpZSXwe/NRVz7l+6G0rbTSX\n"
    "KzMv2jA/BJmbTra1zAuzPndh3QKBgQDOei47SakLljMKEtxoK9+9+66N1twDthR6\n"
    "771XV0Pw9tpNhiNQYbca/ZytLTQCXlashrD3dD6zXhrLyiN4lUJEZbcG7SIXXlcY\n"
    "yMcLZwPqj2tRD5Rb5I5aNrs8PJFzK1id/AXXLYCQMZRFK9ohNIZH7HKUPxGoRuYv\n"
    "rr6OtTaw/QKBgHb+FfGK4jnN8d9rRFykvGu5aNeIwhkzpPXc0oADPWcSBizAim3y\n"
    "BMH70L5GMHRD5t1KZFY3VCnU4DjKJW+vHJvekcaxe3b4GZX5HEjLvrx78ONJTAg1\n"
    "nk6M1qWH17ltYiH9fg+1xVdfCC7ld2l5gHGyu7SjIjgVG0cxS7ZUeQMRAoGBAJmI\n"
    "SLBVSZoQCcvH0pSzax/98gIObnNkBT6U3hoADck0BYf34nJ29ozfYI11O2M3ewO2\n"
    "9AhNLAJ8SziWCmIzup7Zc4t28Q6nW+RWB4v3AfZ8xrPz/cGG5kM2x2s3LoCRDsgL\n"
    "CtzCPQL7muEEhqKCSAdbTqflbd/POILkUVYUcaKRAoGAZDv3RkKffYNmegZTAhNH\n"
    "77/AXmNR+CGp3rtg4OzN5QBa2ensMeVY9+ksKTKOdFadfO98dMq8KzVe1AGhoJFL\n"
    "Tjy7BkhOWBlgURae0UyqLvpuoETgVNJhRMwWKcVQEFWKBOEz9Et8JE2sJb+RPFe4\n"
    "kO5J9UglnNY0BP72hZ3Pl1o=\n"
    "-----END PRIVATE KEY-----\n";

static const char key2049_pem[] =
    "-----BEGIN PRIVATE KEY-----\n"
    "MIIEvwIBADANBgkqhkiG9w0BAQEFAASCBKkwggSlAgEAAoIBAQFV+IlVahd18cen\n"
    "eGpQsYvCjJ6Ybt5WZ8qzm4QSTpDrp1wdsIOsPkQ7upTcI1YPdeOoFpOipDvcdCbY\n"
    "xOr+aMhd4P51f25Ju57UR+YCQwgA27BM6yLn+lehjTOPtmAmzbRn5wzAQOfTZ+9A\n"
    "PHvx499iRlAJRjHyHq/S+1vJFf8EN5rNERL3MsC0ZgfBeNOKIPUu2lCfL5wEBdUQ\n"
    "aegMz5QVVNBHBGdQXDz1QeoIl9/J9ADOyymP/HUzctn2kzrxdMxA7ZbUZwMXM7l/\n"
    "jN3T+SvDoD6oV2xBfyQAe15PdQEQW1RN6frc3/rfmN+0uwW4GZ8/haz9kfepoJS5\n"
    "o4P1BJCXAgMBAAECggEBARnCs/UKetYVJnnX/1EJWKwtjKbwAoWS8zLVWhZzYXio\n"
    "5n8X5wXOMA4+h1RyUQBgE/l00KPbSe80TKWiajTARQcE0OQi4M4jppQlwV/vtvJu\n"
    "EG7v9kzIuddELk2k6MhQCOrrNlhZoilPo5N7wmvlYzLn2B4sFg72NcxSiqe+VeYz\n"
    "pyPbweFrop5SsprvL55WVP3AZmuw/CVKy+gOY4dPD18CB4Ljydz8JSDQycSntjTk\n"
    "UD+7ST4ar+6z+IvXoTOYcl2ub+OZ53XNXUzwn8g4NHxMmNqxpIg8zmIFE2Fa+qEK\n"
    "YzaObXt530FmqxYnOe9RWkQC7h4GAcWlW8cd8OMO34ECgYEBiPaTYPAeGNmi3ilS\n"
    "U9JSwx5Eds6l/3v4QT33/eNWUjzcl2gF+E/A3ex3DfBs7QZcgRNIdUs0avFpdWh3\n"
    "/Ts9VoaCyHh9CzFO9qxn1l6BMzmLYqCDwPh2XFrUDVqB+bvc4lJ+1+lQCMsQKctM\n"
    "q9H56b7fwobJZVIlXafqsZIXjvcCgYEA3sfPEdreg6TEPS+AGX8h/V1G/Ve0MfRP\n"
    "6Bod439qCR/8BGTtlx3IUIg1rebMX1ZvOWVhOos2eYyS5uI/Uu+QfpVn40G+vFM3\n"
    "GJYl+76rHzt7P5L/smgebvWnhKjC1498LYmqqiTSztvQZoHP5lw2x7+jxboTUWIi\n"
    "LvXC6RTJg2ECgYASCT86c8rt2Q9gowTkVAL4casyyMlVsJr0Y6O+Q3Dy1VhKmrur\n"
    "af2wMepE+YQGXQRh6ECrIYiGYA43FVRsiwuFrSbTjLQwj1LQf5lEfZHwh/Od00A4\n"
    "2y6TjpetBTpx++1ndeHchxjlTmyvfmVGfZy63cfnZchYniyY39wlyk7KgQKBgQCM\n"
    "zmE0ec+WCPf3bCRc+Ru0ldYeneZIhJBUtN0bQxbz+YFCDcCVeL95Fv5Gkc+ummTm\n"
    "NAuGAyNFI/Jdd7ZqZvw+5ZOp8Y3qXfY+1fff650gummlvvVZ/7DslNtyX2/26ruj\n"
    "1JVHwMp08D4B7B5JDROaoKeUe41mLM5KPA8bXoYXQQKBgQD5lZs0xLyozkiIeBsx\n"
    "sem12K310NPj7VReg2fT+FRbpkQyuIcwNe+IHCvN4A0YCfksQNh4N7XE+az0iza4\n"
    "3FOllWGkVlI0AtHo+jrzAOVMkbY+bO4G/m3mZvOSlYKgPh9FTneJ+weBpNb7tSbv\n"
    "iBYh/R6s0hRm5M3Ziu0Q9OdveQ==\n"
    "-----END PRIVATE KEY-----\n";

typedef struct {
    const char *title;
    int key;   /* 0: 2048-bit key, 1: 2049-bit key */
    int valid; /* 1: valid padding (the explicit variant accepts it) */
    const char *ct;
    const char *msg; /* "-": empty */
} ir_vector;

static const ir_vector vectors[] = {
    { "B.1 valid", 0, 1,
      "8bfe264e85d3bdeaa6b8851b8e3b956ee3d226fd3f69063a86880173a273d9f283b2eebdd1ed35f7e02d91c57198"
      "1b67"
      "37d5320bd8396b0f3ad5b019daec1b0aab3cbbc026395f4fd14f13673f2dfc81f9b660ec26ac381e6db3299b4e46"
      "0b43"
      "fab9955df2b3cfaa20e900e19c856238fd371899c2bf2ce8c868b76754e5db3b036533fd603746be13c10d4e3e60"
      "22eb"
      "c905d20c2a7f32b215a4cd53b3f44ca1c327d2c2b651145821c08396c89071f665349c25e44d2733cd9305985cee"
      "f643"
      "0c3cf57af5fa224089221218fa34737c79c446d28a94c41c96e4e92ac53fbcf384dea8419ea089f8784445a492c8"
      "12eb"
      "0d409467f75afd7d4d1078886205a066",
      "6c6f72656d20697073756d20646f6c6f722073697420616d6574" },
    { "B.1 valid empty", 0, 1,
      "443ad9c5f00a1f4e9601717d274aacc93a824cb4d99b3c6a42e2b017e52e018443bd77d34a80703cd9b6acf523cd"
      "3b2c"
      "d1fea31940a68fba828836f1c3ed2fef071e95e0922ff0f47d0e81dacc13ecdeda3db6476f41e5b3f9ccfcfdf915"
      "5800"
      "7b68ffbbe5e93bb088f1e4f0bb39bc7d8600b38930ecd00a341d8cc76955837efff0f0797c4b46fb1b375bba49bc"
      "dc87"
      "7f39aaadb045c56b836072383eec6627ae280ad4f9a45d6e5b4cc7cf61d42b194ff0b9c9167c621e5380d8333e3b"
      "7f20"
      "c8d564c9ec6c2805f77c0146adea2f688a943b67ce8889f4a6353e6396d551c36a6dbf19359a825d14b69ccc4fd7"
      "47cf"
      "14a1ca8578d7f0a67dc14b37f5e17ca3",
      "-" },
    { "B.1 invalid decrypting to empty", 0, 0,
      "20aaa8adbbc593a924ba1c5c7990b5c2242ae4b99d0fe636a19a4cf754edbcee774e472fe028160ed42634f88649"
      "00cb"
      "514006da642cae6ae8c7d087caebcfa6dad1551301e130344989a1d462d4164505f6393933450c67bc6d39d8f516"
      "0907"
      "cabc251b737925a1cf21e5c6aa5781b7769f6a2a583d97cce008c0f8b6add5f0b2bd80bee60237aa39bb20719fe7"
      "5749"
      "f4bc4e42466ef5a861ae3a92395c7d858d430bfe38040f445ea93fa2958b503539800ffa5ce5f8cf51fa8171a91f"
      "36cb"
      "4f4575e8de6b4d3f096ee140b938fd2f50ee13f0d050222e2a72b0a3069ff3a6738e82c87090caa5aed4fcbe882c"
      "4964"
      "6aa250b98f12f83c8d528113614a29e7",
      "-" },
    { "B.1 invalid decrypting to max size", 0, 0,
      "48cceab10f39a4db32f60074feea473cbcdb7accf92e150417f76b44756b190e843e79ec12aa85083a21f5437e7b"
      "ad0a"
      "60482e601198f9d86923239c8786ee728285afd0937f7dde12717f28389843d7375912b07b991f4fdb0190fced8b"
      "a665"
      "314367e8c5f9d2981d0f5128feeb46cb50fc237e64438a86df198dd0209364ae3a842d77532b66b7ef263b83b154"
      "1ed6"
      "71b120dfd660462e2107a4ee7b964e734a7bd68d90dda61770658a3c242948532da32648687e0318286473f675b4"
      "12d6"
      "468f013f14d760a358dfcad3cda2afeec5e268a37d250c37f722f468a70dfd92d7294c3c1ee1e7f8843b7d16f9f3"
      "7ef3"
      "5748c3ae93aa155cdcdfeb4e78567303",
      "22d850137b9eebe092b24f602dc5bb7918c16bd89ddbf20467b119d205f9c2e4bd7d2592cf1e532106e0f3355756"
      "5923"
      "c73a02d4f09c0c22bea89148183e60317f7028b3aa1f261f91c979393101d7e15f4067e63979b32751658ef76961"
      "0fe9"
      "7cf9cef3278b3117d384051c3b1d82c251c2305418c8f6840530e631aad63e70e20e025bcd8efb54c92ec6d3b106"
      "a2f8"
      "e64eeff7d38495b0fc50c97138af4b1c0a67a1c4e27b077b8439332edfa8608dfeae653cd6a628ac550395f7e743"
      "90e4"
      "2c11682234870925eeaa1fa71b76cf1f2ee3bda69f6717033ff8b7c95c9799e7a3bea5e7e4a1c359772fb6b1c6e6"
      "c516"
      "661dfe30c3" },
    { "B.1 invalid with null padded ciphertext", 0, 0,
      "006f89db685c0a132700c6a17f88a37a6635d0ab89de4c45dc09736c891ca5bf3401ce34c6e5d51e94ed2f518857"
      "ddc1"
      "2d9f9f9e68e01cdc30d86ae5dd83988c0c46a8e39daa1b328a23def551d67fa1964fb15242c83ddd7dd5b1aec720"
      "a391"
      "d0b86cb16cf4d3c466850c3df88a3ed85993900d1287a0c90c4b04d34ba29e59967661f3f10e0c998f64e14e777e"
      "8e81"
      "371eca5318b4e0b53414292130c821477c51e2bff844836ab10dff293d82e4f40d345968ef268c92ed0bc238f31d"
      "50f4"
      "d3f759c23964923e135d15527556410fbd2c451d6a2aa852dc88b01139c6fdd826736d8cd3780601b2977b09c080"
      "bd8c"
      "0fa471606ad59f053ad33d9eeb905f20",
      "2b5dd72df3cae37f1aef" },
    { "B.1 invalid with second to last length", 0, 0,
      "1439e08c3f84c1a7fec74ce07614b20e01f6fa4e8c2a6cffdc3520d8889e5d9a950c6425798f85d4be38d300ea56"
      "95f1"
      "3ecd4cb389d1ff5b82484b494d6280ab7fa78e645933981cb934cce8bfcd114cc0e6811eefa47aae20af638a1cd1"
      "63d2"
      "d3366186d0a07df0c81f6c9f3171cf3561472e98a6006bf75ddb457bed036dcce199369de7d94ef2c68e8467ee06"
      "04ee"
      "a2b3009479162a7891ba5c40cab17f49e1c438cb6eaea4f76ce23cce0e483ff0e96fa790ea15be67671814342d0a"
      "23f4"
      "a20262b6182e72f3a67cd289711503c85516a9ed225422f98b116f1ab080a80abd6f0216df88d8cfd67c139243be"
      "8dd7"
      "8502a7aaf6bc99d7da71bcdf627e7354",
      "0f9b" },
    { "B.1 invalid with zero length PS", 0, 0,
      "0096136621faf36d5290b16bd26295de27f895d1faa51c800dafce73d001d60796cd4e2ac3fa2162131d859cd9da"
      "5a0c"
      "8a42281d9a63e5f353971b72e36b5722e4ac444d77f892a5443deb3dca49fa732fe855727196e23c26eeac55eece"
      "d826"
      "7a209ebc0f92f4656d64a6c13f7f7ce544ebeb0f668fe3a6c0f189e4bcd5ea12b73cf63e0c8350ee130dd62f01e5"
      "c97a"
      "1e13f52fde96a9a1bc9936ce734fdd61f27b18216f1d6de87f49cf4f2ea821fb8efd1f92cdad529baf7e31aff9bf"
      "f407"
      "4f2cad2b4243dd15a711adcf7de900851fbd6bcb53dac399d7c880531d06f25f7002e1aaf1722765865d2c2b902c"
      "7736"
      "acd27bc6cbd3e38b560e2eecf7d4b576",
      "ba27b1842e7c21c0e7ef6a" },
    { "B.1 invalid with padding separator missing", 0, 0,
      "3d1b97e7aa34eaf1f4fc171ceb11dcfffd9a46a5b6961205b10b302818c1fcc9f4ec78bf18ea0cee7e9fa5b16fb4"
      "c611"
      "463b368b3312ac11cf9c06b7cf72b54e284848a508d3f02328c62c2999d0fb60929f81783c7a256891bc2ff4d91d"
      "f2af"
      "96a24fc5701a1823af939ce6dbdc510608e3d41eec172ad2d51b9fc61b4217c923cadcf5bac321355ef8be5e5f09"
      "0cdc"
      "2bd0c697d9058247db3ad613fdce87d2955a6d1c948a5160f93da21f731d74137f5d1f53a1923adb513d2e6e1589"
      "d44c"
      "c079f4c6ddd471d38ac82d20d8b1d21f8d65f3b6907086809f4123e08d86fb38729585de026a485d8f0e703fd477"
      "2f66"
      "68febf67df947b82195fa3867e3a3065",
      "6f09a0b62699337c497b0b" },
    { "B.2 valid", 1, 1,
      "013300edbf0bb3571e59889f7ed76970bf6d57e1c89bbb6d1c3991d9df8e65ed54b556d928da7d768facb395bbcc"
      "81e9"
      "f8573b45cf8195dbd85d83a59281cddf4163aec11b53b4140053e3bd109f787a7c3cec31d535af1f50e0598d85d9"
      "6d91"
      "ea01913d07097d25af99c67464ebf2bb396fb28a9233e56f31f7e105d71a23e9ef3b736d1e80e713d1691713df97"
      "3347"
      "79552fc94b40dd733c7251bc522b673d3ec9354af3dd4ad44fa71c0662213a57ada1d75149697d0eb55c053aaed5"
      "ffd0"
      "b815832f454179519d3736fb4faf808416071db0d0f801aca8548311ee708c131f4be658b15f6b54256872c2903a"
      "c708"
      "bd43b017b073b5707bc84c2cd9da70e967",
      "6c6f72656d20697073756d" },
    { "B.2 invalid with second to last length", 1, 0,
      "011644d88f2955389b6d215fc3acd733265d82348fa15178d99e38fd2842030d4e31d1ab15b0f00a80add1a9bfe1"
      "12f9"
      "c42e827c487193c360dc5888c8c42d5459b1f2c1952dca679ded08f190b6a78bbb6ea00438ebb8b03dc56e45cb36"
      "bee4"
      "9a385c71fbf9bbcceda7b130ad6cee2106eff34dd224fba8e9990edf893ae52b0910cdadf44bf29812a98bb9dc16"
      "3881"
      "5112950bb9e7bad11c610d6406dd2d1c36cddd639e024205a1a2bd82ec97059ef61b5226e3246ca672962194d122"
      "2cc0"
      "32003fe34bf5ca0227f1c86439dcfba5203cf57099884276b0fbbf9b9cec93392673d8290a1a3452f3791c3881c9"
      "be6a"
      "1eef23841a8a5fde255cbbd3c4fc33827c",
      "9b9b496e44544456e70d9be86bd398dae00c7c05d6ea76c45d12f050b1c61c219b2fe47749451e44d96d11916f6e"
      "c4cf"
      "9eea67cb" },
};

static int load_key(tacit_rsa_context *rsa, int which)
{
    const char *pem = which == 0 ? key2048_pem : key2049_pem;
    return tacit_rsa_parse_key_pem(rsa, (const unsigned char *)pem, strlen(pem));
}

/* Every vector: the implicit variant returns the message; the explicit one agrees or refuses. */
static void test_draft_vectors(void)
{
    tacit_rsa_context rsa[2];
    unsigned char out[512], *ct = NULL, *msg = NULL;
    size_t i, ctlen = 0, mlen = 0, olen;

    tacit_rsa_init(&rsa[0]);
    tacit_rsa_init(&rsa[1]);
    TEST_EQUAL(load_key(&rsa[0], 0), 0);
    TEST_EQUAL(load_key(&rsa[1], 1), 0);
    TEST_EQUAL(tacit_rsa_len(&rsa[0]), 256);
    TEST_EQUAL(tacit_rsa_len(&rsa[1]), 257);
    for (i = 0; i < sizeof(vectors) / sizeof(vectors[0]); i++) {
        const ir_vector *v = &vectors[i];
        tacit_rsa_context *k = &rsa[v->key];

        ct = test_unhex(v->ct, &ctlen);
        msg = test_unhex(v->msg, &mlen);
        TEST_ASSERT(ct != NULL && msg != NULL);
        olen = 9999;
        TEST_EQUAL(tacit_rsa_pkcs1_decrypt(k, ct, ctlen, out, sizeof(out), &olen, NULL, NULL), 0);
        if (olen != mlen || memcmp(out, msg, mlen) != 0) {
            printf("\n    vector: %s", v->title);
        }
        TEST_MEM_EQ(out, olen, msg, mlen);
        olen = 9999;
        if (v->valid) {
            TEST_EQUAL(tacit_rsa_pkcs1_decrypt_explicit_oracle(k, ct, ctlen, out, sizeof(out),
                                                               &olen, NULL, NULL),
                       0);
            TEST_MEM_EQ(out, olen, msg, mlen);
        } else {
            TEST_EQUAL(tacit_rsa_pkcs1_decrypt_explicit_oracle(k, ct, ctlen, out, sizeof(out),
                                                               &olen, NULL, NULL),
                       TACIT_ERR_RSA_INVALID_PADDING);
            TEST_EQUAL(olen, 9999);
        }
        free(ct);
        free(msg);
        ct = msg = NULL;
    }
exit:
    free(ct);
    free(msg);
    tacit_rsa_free(&rsa[0]);
    tacit_rsa_free(&rsa[1]);
}

/* Random values below n (top byte zero): almost never valid padding. */
static int random_ciphertext(unsigned char *c, size_t k)
{
    c[0] = 0;
    return tacit_rng_default(NULL, c + 1, k - 1);
}

/*
 * Same ciphertext, same answer (also from a second context loaded from the
 * same key); different ciphertexts, different answers; synthetic lengths
 * cover 0 .. k - 11 roughly uniformly.
 *
 * The ciphertexts are random, so every assertion here must hold whatever
 * the draw, or fail with a probability below 2^-40: about one random
 * ciphertext in 86 000 has valid padding under this key (m starts 00 02
 * with probability 2^2032 / n = 1/51 404, then 8 nonzero bytes and a zero
 * byte follow with probability ~0.6), so a run of 300 meets one about once
 * in 290 runs.  Such a ciphertext is not refused by the explicit variant, and
 * then the implicit one must return the same real message.
 */
static void test_synthetic_properties(void)
{
    enum { N = 300 };
    tacit_rsa_context a, b;
    unsigned char c[256], o1[256], o2[256], prev[256];
    size_t l1, l2, lprev = 0, i, k, sum = 0, lo = 0, hi = 0, minl = 999, maxl = 0;
    int valid = 0, ret;

    tacit_rsa_init(&a);
    tacit_rsa_init(&b);
    TEST_EQUAL(load_key(&a, 0), 0);
    TEST_EQUAL(load_key(&b, 0), 0);
    k = tacit_rsa_len(&a);
    for (i = 0; i < N; i++) {
        TEST_EQUAL(random_ciphertext(c, k), 0);
        TEST_EQUAL(tacit_rsa_pkcs1_decrypt(&a, c, k, o1, sizeof(o1), &l1, NULL, NULL), 0);
        TEST_EQUAL(tacit_rsa_pkcs1_decrypt(&b, c, k, o2, sizeof(o2), &l2, NULL, NULL), 0);
        TEST_MEM_EQ(o1, l1, o2, l2);
        TEST_EQUAL(tacit_rsa_pkcs1_decrypt(&a, c, k, o2, k - 11, &l2, NULL, NULL), 0);
        TEST_MEM_EQ(o1, l1, o2, l2);
        TEST_ASSERT(l1 <= k - 11);
        /* two synthetic messages of 8 bytes or more collide with probability < 2^-64 */
        if (i > 0 && l1 >= 8) {
            TEST_ASSERT(l1 != lprev || memcmp(o1, prev, l1) != 0);
        }
        memcpy(prev, o1, l1);
        lprev = l1;
        ret = tacit_rsa_pkcs1_decrypt_explicit_oracle(&a, c, k, o2, sizeof(o2), &l2, NULL, NULL);
        if (ret == 0) {
            TEST_MEM_EQ(o1, l1, o2, l2); /* valid padding by chance: the real message */
            valid++;
        } else {
            TEST_EQUAL(ret, TACIT_ERR_RSA_INVALID_PADDING);
        }
        sum += l1;
        lo += l1 < (k - 10) / 4;
        hi += l1 >= 3 * (k - 10) / 4;
        minl = l1 < minl ? l1 : minl;
        maxl = l1 > maxl ? l1 : maxl;
    }
    /*
     * 5 or more valid of 300: probability ~2^-47.  Lengths uniform on
     * 0 .. 245: the mean is 122.5 with sd ~4.1, so [90, 155] is 8 sd each
     * side; each quarter holds Bin(300, 1/4) ~ 75, and 20 or fewer has
     * probability below 2^-49 (Chernoff).
     */
    printf(" [lengths %zu..%zu, mean %zu, %d valid by chance]", minl, maxl, sum / N, valid);
    TEST_ASSERT(valid <= 4);
    TEST_ASSERT(sum / N >= 90 && sum / N <= 155);
    TEST_ASSERT(lo > 20 && hi > 20);
exit:
    tacit_rsa_free(&a);
    tacit_rsa_free(&b);
}

/* Valid ciphertexts of every length class decrypt to the message. */
static void test_valid_round_trip(void)
{
    tacit_rsa_context rsa;
    unsigned char m[256], c[256], o[256];
    size_t lens[] = { 0, 1, 16, 48, 100, 245 }, i, k, ol;

    tacit_rsa_init(&rsa);
    TEST_EQUAL(load_key(&rsa, 0), 0);
    k = tacit_rsa_len(&rsa);
    for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
        TEST_EQUAL(tacit_rng_default(NULL, m, lens[i]), 0);
        TEST_EQUAL(tacit_rsa_pkcs1_encrypt(&rsa, m, lens[i], c, sizeof(c), &ol, NULL, NULL), 0);
        TEST_EQUAL(ol, k);
        TEST_EQUAL(tacit_rsa_pkcs1_decrypt(&rsa, c, k, o, sizeof(o), &ol, NULL, NULL), 0);
        TEST_MEM_EQ(o, ol, m, lens[i]);
        TEST_EQUAL(
            tacit_rsa_pkcs1_decrypt_explicit_oracle(&rsa, c, k, o, sizeof(o), &ol, NULL, NULL), 0);
        TEST_MEM_EQ(o, ol, m, lens[i]);
    }
exit:
    tacit_rsa_free(&rsa);
}

/* Public argument checks: the only errors, all decided before decryption. */
static void test_arguments(void)
{
    tacit_rsa_context rsa;
    unsigned char c[256] = { 0 }, o[256];
    size_t ol = 7;

    tacit_rsa_init(&rsa);
    TEST_EQUAL(load_key(&rsa, 0), 0);
    c[255] = 5;
    TEST_EQUAL(tacit_rsa_pkcs1_decrypt(&rsa, c, 256, o, 244, &ol, NULL, NULL),
               TACIT_ERR_BUFFER_TOO_SMALL);
    TEST_EQUAL(ol, 245); /* the size needed: the longest message */
    TEST_EQUAL(tacit_rsa_pkcs1_decrypt(&rsa, c, 256, NULL, 0, &ol, NULL, NULL),
               TACIT_ERR_BUFFER_TOO_SMALL);
    TEST_EQUAL(ol, 245);
    ol = 7;
    TEST_EQUAL(tacit_rsa_pkcs1_decrypt(&rsa, c, 255, o, sizeof(o), &ol, NULL, NULL),
               TACIT_ERR_RSA_INPUT_OUT_OF_RANGE);
    TEST_EQUAL(tacit_rsa_pkcs1_decrypt(&rsa, c, 256, o, sizeof(o), NULL, NULL, NULL),
               TACIT_ERR_BAD_INPUT);
    memset(c, 0xff, sizeof(c)); /* >= n */
    TEST_EQUAL(tacit_rsa_pkcs1_decrypt(&rsa, c, 256, o, sizeof(o), &ol, NULL, NULL),
               TACIT_ERR_RSA_INPUT_OUT_OF_RANGE);
    TEST_EQUAL(ol, 7);
exit:
    tacit_rsa_free(&rsa);
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    RUN_TEST(test_draft_vectors);
    RUN_TEST(test_synthetic_properties);
    RUN_TEST(test_valid_round_trip);
    RUN_TEST(test_arguments);
    tacit_rng_default_free();
    return TEST_MAIN_END();
}
