/*
 * The body of a scalar Keccak-f[1600] on 64-bit lanes, shared by the
 * portable kernel (keccak_f1600.c) and the BMI1/BMI2 one
 * (x86_64/keccak_bmi.c): the 25 lanes of st loaded into locals, 24 rounds
 * of ROUND (a macro of keccak_round_gen.h, two per iteration: A to E, E
 * back to A), stored back.  The lanes as locals, their load and their store
 * are macros of their own too: the BMI kernel's absorb and one-block paths
 * keep the lanes in these locals across blocks.  ROL64 is defined here.
 */
#ifndef TACIT_HASH_KECCAK_F1600_SCALAR_H
#define TACIT_HASH_KECCAK_F1600_SCALAR_H

#define ROL64(x, n) (((x) << (n)) | ((x) >> (64 - (n))))

/* The lanes as locals (A, E: the two states of a round; C, D, B: its temporaries). */
#define KECCAK_SCALAR_LOCALS                                                                       \
    uint64_t Aba, Abe, Abi, Abo, Abu, Aga, Age, Agi, Ago, Agu, Aka, Ake, Aki, Ako, Aku;            \
    uint64_t Ama, Ame, Ami, Amo, Amu, Asa, Ase, Asi, Aso, Asu;                                     \
    uint64_t Eba, Ebe, Ebi, Ebo, Ebu, Ega, Ege, Egi, Ego, Egu, Eka, Eke, Eki, Eko, Eku;            \
    uint64_t Ema, Eme, Emi, Emo, Emu, Esa, Ese, Esi, Eso, Esu;                                     \
    uint64_t Ca, Ce, Ci, Co, Cu, Da, De, Di, Do, Du, Ba, Be, Bi, Bo, Bu

#define KECCAK_SCALAR_LOAD(st)                                                                     \
    do {                                                                                           \
        Aba = (st)[0];                                                                             \
        Abe = (st)[1];                                                                             \
        Abi = (st)[2];                                                                             \
        Abo = (st)[3];                                                                             \
        Abu = (st)[4];                                                                             \
        Aga = (st)[5];                                                                             \
        Age = (st)[6];                                                                             \
        Agi = (st)[7];                                                                             \
        Ago = (st)[8];                                                                             \
        Agu = (st)[9];                                                                             \
        Aka = (st)[10];                                                                            \
        Ake = (st)[11];                                                                            \
        Aki = (st)[12];                                                                            \
        Ako = (st)[13];                                                                            \
        Aku = (st)[14];                                                                            \
        Ama = (st)[15];                                                                            \
        Ame = (st)[16];                                                                            \
        Ami = (st)[17];                                                                            \
        Amo = (st)[18];                                                                            \
        Amu = (st)[19];                                                                            \
        Asa = (st)[20];                                                                            \
        Ase = (st)[21];                                                                            \
        Asi = (st)[22];                                                                            \
        Aso = (st)[23];                                                                            \
        Asu = (st)[24];                                                                            \
    } while (0)

#define KECCAK_SCALAR_STORE(st)                                                                    \
    do {                                                                                           \
        (st)[0] = Aba;                                                                             \
        (st)[1] = Abe;                                                                             \
        (st)[2] = Abi;                                                                             \
        (st)[3] = Abo;                                                                             \
        (st)[4] = Abu;                                                                             \
        (st)[5] = Aga;                                                                             \
        (st)[6] = Age;                                                                             \
        (st)[7] = Agi;                                                                             \
        (st)[8] = Ago;                                                                             \
        (st)[9] = Agu;                                                                             \
        (st)[10] = Aka;                                                                            \
        (st)[11] = Ake;                                                                            \
        (st)[12] = Aki;                                                                            \
        (st)[13] = Ako;                                                                            \
        (st)[14] = Aku;                                                                            \
        (st)[15] = Ama;                                                                            \
        (st)[16] = Ame;                                                                            \
        (st)[17] = Ami;                                                                            \
        (st)[18] = Amo;                                                                            \
        (st)[19] = Amu;                                                                            \
        (st)[20] = Asa;                                                                            \
        (st)[21] = Ase;                                                                            \
        (st)[22] = Asi;                                                                            \
        (st)[23] = Aso;                                                                            \
        (st)[24] = Asu;                                                                            \
    } while (0)

#define KECCAK_F1600_SCALAR(ROUND, st)                                                             \
    do {                                                                                           \
        KECCAK_SCALAR_LOCALS;                                                                      \
        unsigned r_;                                                                               \
        KECCAK_SCALAR_LOAD(st);                                                                    \
        for (r_ = 0; r_ < 24; r_ += 2) {                                                           \
            ROUND(A, E, tacit_keccak_rc[r_]);                                                      \
            ROUND(E, A, tacit_keccak_rc[r_ + 1]);                                                  \
        }                                                                                          \
        KECCAK_SCALAR_STORE(st);                                                                   \
    } while (0)

#endif /* TACIT_HASH_KECCAK_F1600_SCALAR_H */
