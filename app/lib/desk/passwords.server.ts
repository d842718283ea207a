import { hash, verify } from "@node-rs/argon2";
import { dictionary } from "@zxcvbn-ts/language-common";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./password-rule";

/**
 * argon2id (algorithm 2 in @node-rs/argon2's const enum) at OWASP's first recommended setting (19 MiB, 2 passes, 1 lane). @node-rs/argon2 hashes on
 * libuv's thread pool, so a sign-in never holds the thread that answers pages.
 */
export const hashOptions = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** The ~49,000 most common passwords (zxcvbn-ts's list), lower case. */
const commonPasswords = new Set(dictionary["passwords-common"].map((password) => password.toLowerCase()));

/** Why a new password is refused, or null. */
export function passwordProblem(password: string, repeat: string): string | null {
  if ([...password].length < MIN_PASSWORD_LENGTH)
    return `The password needs at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (tooLong(password)) return `The password may have at most ${MAX_PASSWORD_LENGTH} characters.`;
  if (commonPasswords.has(password.toLowerCase())) return "This password is one of the most common: choose another.";
  if (password !== repeat) return "The two passwords are not the same.";
  return null;
}

/** Longer than any password the desk takes (counted in characters, an emoji being one). */
export const tooLong = (password: string) => [...password].length > MAX_PASSWORD_LENGTH;

export const hashPassword = (password: string) => hash(password, hashOptions);

/** A hash of nothing anyone can type, verified against when the e-mail is unknown, so both take as long. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword(`no account ${Math.random()}`);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
