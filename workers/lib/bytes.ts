// Byte encodings and the CRC-32 that the Worker, the package readers and the browser share.
// Plain functions over Uint8Array, no runtime APIs beyond btoa, so any of them can import it.

/** Lower-case hex, two digits a byte (digests, signatures, random ids). */
export function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** RFC 4648 §5 base64url without padding (tokens, PKCE challenges). */
export function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** RFC 4648 §4 base64 with padding (signatures in headers, PEM bodies). */
export function base64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}

/** The bytes of base64url text, padded or not. */
export function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  return fromBase64(text.replace(/-/g, "+").replace(/_/g, "/"));
}

let crcTable: Uint32Array | undefined;

/** CRC-32 (IEEE, reflected, polynomial 0xEDB88320): ZIP entries, PNG chunks, xz headers. */
export function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = crcTable[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
