/**
 * Ids, keys and their hashes. Keys have 256 bits of entropy, so a plain sha-256 is a safe
 * way to store and look them up; passwords are low-entropy and get scrypt with a salt.
 */
import { createHash, randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";
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

let lastMs = 0;
let sequence = 0;

/**
 * A prefixed object id: `ch_` and 24 characters — the creation time in milliseconds (9
 * base-36 digits), a sequence within that millisecond (3), then 12 random base62 characters.
 * Ids made later sort after (digits and lower-case letters order the same under every
 * collation), so a list ordered by `created` then `id` is newest first exactly, even for
 * objects created within the same second.
 */
export function newId(prefix: string): string {
  const now = Date.now();
  if (now > lastMs) {
    lastMs = now;
    sequence = 0;
  } else if (++sequence >= 36 ** 3) {
    // 46,656 ids in one millisecond: borrow the next one (the clock catches up).
    lastMs += 1;
    sequence = 0;
  }
  const time = lastMs.toString(36).padStart(9, "0");
  return `${prefix}_${time}${sequence.toString(36).padStart(3, "0")}${randomToken(12)}`;
}

/** A key: its prefix (`sk_test_`) and 43 base62 characters (256 bits). */
export const newKey = (prefix: string) => `${prefix}${randomToken(43)}`;

export const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  length: number,
  options: ScryptOptions,
) => Promise<Buffer>;

/**
 * The scrypt cost, as log2 of N (r = 8, p = 1): 17 (N = 2^17, 128 MiB of memory per hash),
 * current guidance for password storage. `PASSWORD_SCRYPT_LOG2N` lowers it where speed
 * matters more than strength (the unit tests); it is kept in each stored hash, so a hash
 * verifies at the cost it was made with.
 */
export const DEFAULT_SCRYPT_LOG2N = 17;
export const passwordCost = (value = process.env.PASSWORD_SCRYPT_LOG2N): number => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 10 && n <= 20 ? n : DEFAULT_SCRYPT_LOG2N;
};

const optionsFor = (log2N: number): ScryptOptions => ({
  N: 2 ** log2N,
  r: 8,
  p: 1,
  // scrypt needs 128 · N · r bytes; Node's default limit (32 MiB) is below 2^17's.
  maxmem: 2 ** log2N * 8 * 128 * 2,
});

/** `scrypt$ln=<log2 N>,r=8,p=1$<salt b64>$<hash b64>` */
export async function hashPassword(password: string, log2N = passwordCost()): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, 32, optionsFor(log2N));
  return `scrypt$ln=${log2N},r=8,p=1$${salt.toString("base64")}$${hash.toString("base64")}`;
}

/** Verifies against a stored hash; hashes from before the cost was stored used N = 2^14. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  const [scheme] = parts;
  const [params, salt, hash] =
    parts.length === 4 ? parts.slice(1) : ["ln=14,r=8,p=1", ...parts.slice(1)];
  if (scheme !== "scrypt" || !params || !salt || !hash) return false;
  const log2N = Number(/^ln=(\d+),r=8,p=1$/.exec(params)?.[1]);
  if (!Number.isInteger(log2N) || log2N < 10 || log2N > 20) return false;
  const expected = Buffer.from(hash, "base64");
  const actual = await scryptAsync(
    password,
    Buffer.from(salt, "base64"),
    expected.length,
    optionsFor(log2N),
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
