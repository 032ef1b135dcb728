// The shop's Ed25519 key: it signs every key-check answer's bytes and the offline leases, so a mod
// holding only the public key can tell our answers from a fake server's (docs/licensing.md, ADR 0016).
import { getConfig, pemBody } from "../platform/config";
import { base64, base64url, fromBase64 } from "../lib/bytes";

/** A key ready to sign: imported once per isolate, with its id and a lease's JWS header already encoded. */
type Signer = { kid: string; privateKey: CryptoKey; publicKeyRaw: Uint8Array; publicKeySpki: Uint8Array; leaseHeader: string };

const ED25519 = { name: "Ed25519" } as const;
const ENCODER = new TextEncoder();
// Imported once per isolate and key: importing costs more than signing.
const signers = new Map<string, Promise<Signer>>();

async function importSigner(pem: string): Promise<Signer> {
  const der = fromBase64(pemBody(pem));
  // WebCrypto derives the public key only from an extractable private key; the one kept for
  // signing is imported again as non-extractable.
  const extractable = await crypto.subtle.importKey("pkcs8", der, ED25519, true, ["sign"]);
  const { x } = (await crypto.subtle.exportKey("jwk", extractable)) as JsonWebKey;
  const publicKey = await crypto.subtle.importKey("jwk", { kty: "OKP", crv: "Ed25519", x }, ED25519, true, ["verify"]);
  // The key's id is its RFC 7638 thumbprint: a mod that pins several keys picks one by it.
  const thumbprint = new TextEncoder().encode(`{"crv":"Ed25519","kty":"OKP","x":"${x}"}`);
  const kid = base64url(new Uint8Array(await crypto.subtle.digest("SHA-256", thumbprint)));
  return {
    kid,
    // The protected header of every lease this key signs, as RFC 7515 §7.1 encodes it: the same for each lease.
    leaseHeader: base64url(ENCODER.encode(JSON.stringify({ alg: "EdDSA", typ: "JWT", kid }))),
    privateKey: await crypto.subtle.importKey("pkcs8", der, ED25519, false, ["sign"]),
    publicKeyRaw: new Uint8Array((await crypto.subtle.exportKey("raw", publicKey)) as ArrayBuffer),
    publicKeySpki: new Uint8Array((await crypto.subtle.exportKey("spki", publicKey)) as ArrayBuffer),
  };
}

function signerFor(env: object, which: "current" | "next" = "current"): Promise<Signer> {
  const config = getConfig(env);
  const pem = which === "current" ? config.LICENSE_SIGNING_KEY : config.LICENSE_SIGNING_KEY_NEXT;
  let signer = signers.get(pem);
  if (!signer) {
    signer = importSigner(pem);
    signer.catch(() => signers.delete(pem));
    signers.set(pem, signer);
  }
  return signer;
}

/** The base64 Ed25519 signature of exactly these bytes (the X-Signature header), and the key's id (X-Signature-Key-Id). */
export async function signBytes(env: object, bytes: Uint8Array<ArrayBuffer>): Promise<{ signature: string; kid: string }> {
  const { privateKey, kid } = await signerFor(env);
  return { signature: base64(new Uint8Array(await crypto.subtle.sign(ED25519, privateKey, bytes))), kid };
}

type PublicKey = { kid: string; public_key_pem: string; public_key_raw_base64: string };
export type PublicKeyInfo = { algorithm: "Ed25519"; keys: (PublicKey & { status: "current" | "next" })[] } & PublicKey;

function publicKey({ kid, publicKeyRaw, publicKeySpki }: Signer): PublicKey {
  return { kid, public_key_pem: `-----BEGIN PUBLIC KEY-----\n${base64(publicKeySpki)}\n-----END PUBLIC KEY-----\n`, public_key_raw_base64: base64(publicKeyRaw) };
}

/**
 * The key that signs now (at the top level, as before key ids), and every key a mod should pin:
 * the current one and, during a rotation, the next (LICENSE_SIGNING_KEY_NEXT), which signs nothing
 * until it becomes LICENSE_SIGNING_KEY (docs/licensing.md, "Rotating the signing key").
 */
export async function publicKeyInfo(env: object): Promise<PublicKeyInfo> {
  const current = publicKey(await signerFor(env));
  const next = getConfig(env).LICENSE_SIGNING_KEY_NEXT ? publicKey(await signerFor(env, "next")) : null;
  return { algorithm: "Ed25519", ...current, keys: [{ ...current, status: "current" }, ...(next ? [{ ...next, status: "next" as const }] : [])] };
}

const HOUR_MS = 60 * 60 * 1000;
const seconds = (ms: number) => Math.floor(ms / 1000);

export type LeaseSubject = { keyCode: string; deviceId: string; bundleId: string | null; keyExpiresAt: number | null };

/**
 * The offline lease of a valid answer: a compact JWS (alg EdDSA, RFC 8037) a mod may trust
 * without the network until `exp`, the earlier of the key's expiry and now + the lease length.
 * Times are JWT NumericDates (seconds). Written here rather than through a JWT library: its
 * header is the signer's (encoded once), its claims one JSON text in the order mods have always
 * received (key, device_id, bundle_id, key_expires_at, iat, exp), and the signature one call.
 */
export async function signLease(env: object, subject: LeaseSubject, now: number): Promise<string> {
  const { privateKey, leaseHeader } = await signerFor(env);
  const leaseEnds = now + getConfig(env).LICENSE_LEASE_HOURS * HOUR_MS;
  const exp = subject.keyExpiresAt === null ? leaseEnds : Math.min(subject.keyExpiresAt, leaseEnds);
  const claims = {
    key: subject.keyCode,
    device_id: subject.deviceId,
    bundle_id: subject.bundleId,
    key_expires_at: subject.keyExpiresAt === null ? null : seconds(subject.keyExpiresAt),
    iat: seconds(now),
    exp: seconds(exp),
  };
  const signingInput = `${leaseHeader}.${base64url(ENCODER.encode(JSON.stringify(claims)))}`;
  const signature = new Uint8Array(await crypto.subtle.sign(ED25519, privateKey, ENCODER.encode(signingInput)));
  return `${signingInput}.${base64url(signature)}`;
}
