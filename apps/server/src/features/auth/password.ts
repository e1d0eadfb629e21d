import { hash, verify } from '@node-rs/argon2';

// 2 is Algorithm.Argon2id (a const enum, which isolated modules cannot import).
/** OWASP's argon2id baseline: 19 MiB, two passes, one lane. What every store uses. */
export const OWASP_ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
/**
 * 1 MiB and one pass: the server's test suite hashes and checks a few thousand passwords, each
 * about 30 ms at the real cost (a fifth of its CPU time). Only its set-up file chooses this.
 */
const TEST_ARGON2 = { algorithm: 2, memoryCost: 1024, timeCost: 1, parallelism: 1 };
let options = OWASP_ARGON2;

/** Tests only: the cheap cost for `true`, the real one for `false`. Stores never call it. */
export function useTestPasswordCost(cheap: boolean): void {
  options = cheap ? TEST_ARGON2 : OWASP_ARGON2;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/**
 * Constant-time comparison happens inside argon2's verify. Only a mismatch is a wrong password:
 * a stored hash argon2 cannot read (corrupt data) is our failure, thrown to be logged as a 500.
 */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch (error) {
    throw new Error('A stored password hash could not be verified', { cause: error });
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * A real hash to verify against when the email is unknown, so an unknown email costs the same
 * time as a wrong password and response timing does not reveal which accounts exist.
 */
export function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-for-timing-only');
  return dummyHash;
}
