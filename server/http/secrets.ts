/**
 * Ids, keys and their hashes. Keys have 256 bits of entropy, so a plain sha-256 is a safe
 * way to store and look them up; passwords are low-entropy and get scrypt with a salt.
 */
import { createHash, randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** `length` characters of base62 from the system's CSPRNG (rejection sampling, no bias). */
export function randomToken(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

/** A prefixed object id: `acct_1a2B...`. */
export const newId = (prefix: string) => `${prefix}_${randomToken(24)}`;

/** A key: its prefix (`sk_test_`) and 43 base62 characters (256 bits). */
export const newKey = (prefix: string) => `${prefix}${randomToken(43)}`;

export const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  length: number,
) => Promise<Buffer>;

/** `scrypt$<salt b64>$<hash b64>` */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, 32);
  return `scrypt$${salt.toString("base64")}$${hash.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const actual = await scryptAsync(password, Buffer.from(salt, "base64"), expected.length);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
