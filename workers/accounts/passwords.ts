// Password hashing: scrypt (memory-hard, native in workerd's node:crypto) with OWASP's
// N=2^14, r=8, p=5 profile, which needs 16 MiB and fits the Workers memory limit.
// Stored as "scrypt$v1$N$r$p$salt$hash" so parameters can be raised and re-hashed on login.
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

const CURRENT = { N: 2 ** 14, r: 8, p: 5, keyLength: 32 } as const;

function derive(password: string, salt: Buffer, N: number, r: number, p: number, keyLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, keyLength, { N, r, p, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p, keyLength } = CURRENT;
  const key = await derive(password, salt, N, r, p, keyLength);
  return ["scrypt", "v1", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  const [scheme, version, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || version !== "v1" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const actual = await derive(password, Buffer.from(salt, "base64"), Number(n), Number(r), Number(p), expected.length);
  return timingSafeEqual(actual, expected);
}

/** True when a stored hash uses weaker parameters than today's and should be re-hashed. */
export function needsRehash(stored: string): boolean {
  const [, version, n, r, p] = stored.split("$");
  return version !== "v1" || Number(n) < CURRENT.N || Number(r) < CURRENT.r || Number(p) < CURRENT.p;
}
