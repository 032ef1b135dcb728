// Shared by the package reader tests: the fixtures built by tests/fixtures/packages.ts, decoded
// from base64 once, and the check that a read failed with a PackageError.
import { expect, inject } from "vitest";
import { PackageError } from "../../workers/lib/packages";

const fixtures = inject("packageFixtures");
const decoded = new Map<string, Uint8Array<ArrayBuffer>>();

/** A fixture handed over as plain text (a size, a hash). */
export function fixture(name: string): string {
  const value = fixtures[name];
  if (value === undefined) throw new Error(`no fixture ${name}`);
  return value;
}

/** A fresh copy of a fixture's bytes (tests may damage it). */
export function bytes(name: string): Uint8Array<ArrayBuffer> {
  const cached = decoded.get(name);
  if (cached) return cached.slice();
  const base64 = fixtures[name];
  if (base64 === undefined) throw new Error(`no fixture ${name}`);
  const binary = atob(base64);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  decoded.set(name, out);
  return out.slice();
}

export async function packageError(promise: Promise<unknown>): Promise<PackageError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PackageError);
  return error as PackageError;
}

/** Byte-exact comparison naming the first differing offset (toEqual is slow on big arrays). */
export function expectSameBytes(actual: Uint8Array, expected: Uint8Array): void {
  expect(actual.length, "length").toBe(expected.length);
  let at = 0;
  while (at < actual.length && actual[at] === expected[at]) at++;
  expect(at, "first differing byte").toBe(actual.length);
}
