/** The part of `sm-crypto` (SM2 as Saber and Sword use it) the login reads. */
declare module 'sm-crypto' {
  export const sm2: {
    generateKeyPairHex(): { publicKey: string; privateKey: string };
    /** Cipher mode 1 is C1C3C2, 0 is C1C2C3; the answer is '' when the ciphertext does not check out. */
    doDecrypt(encrypted: string, privateKey: string, cipherMode?: 0 | 1): string;
    doEncrypt(plain: string, publicKey: string, cipherMode?: 0 | 1): string;
  };
}
