// Small crypto helpers shared by tokens, sessions and reset links.
import { base64url, hex } from "../lib/bytes";

export function randomToken(bytes = 32): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** Opaque tokens are stored as their SHA-256, never as given out. */
export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
  return hex(new Uint8Array(digest));
}

/** HMAC-SHA256 of `message` under `secret`, base64url: a value only the holder of the secret can make. */
export async function hmacSha256Base64url(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return base64url(new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message))));
}
