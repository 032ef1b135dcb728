// Tiny but well-formed images and videos, built byte by byte, for the upload checks: the
// checks read signatures and container headers, so these are all they need to be real.

export function png(extra = 64): Uint8Array {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  return Uint8Array.from([...signature, ...Array.from({ length: extra }, (_, i) => i % 251)]);
}

export function gif(): Uint8Array {
  return new TextEncoder().encode("GIF89a\x01\x00\x01\x00\x00\x00\x00;");
}

function box(type: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(8 + body.byteLength);
  new DataView(out.buffer).setUint32(0, out.byteLength);
  out.set(new TextEncoder().encode(type), 4);
  out.set(body, 8);
  return out;
}

export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

/** An MP4 (or MOV with brand "qt  ") whose movie header says `seconds` long; moov after mdat, as cameras write. */
export function mp4(seconds: number, brand = "isom"): Uint8Array {
  const ftyp = box("ftyp", concat(new TextEncoder().encode(brand), new Uint8Array(4)));
  const mdat = box("mdat", new Uint8Array(2048).fill(7));
  const mvhd = new Uint8Array(100);
  const view = new DataView(mvhd.buffer);
  view.setUint32(12, 600); // timescale
  view.setUint32(16, Math.round(seconds * 600)); // duration
  const moov = box("moov", box("mvhd", mvhd));
  return concat(ftyp, mdat, moov);
}

/** A WebM whose Info element says `seconds` long (TimecodeScale 1 ms, Duration as float64). */
export function webm(seconds: number): Uint8Array {
  const element = (id: number[], body: Uint8Array) => concat(Uint8Array.from([...id, 0x01, 0, 0, 0, 0, 0, 0, body.byteLength]), body);
  const duration = new Uint8Array(8);
  new DataView(duration.buffer).setFloat64(0, seconds * 1000);
  const ebml = element([0x1a, 0x45, 0xdf, 0xa3], element([0x42, 0x82], new TextEncoder().encode("webm")));
  const info = element([0x15, 0x49, 0xa9, 0x66], concat(element([0x2a, 0xd7, 0xb1], Uint8Array.from([0x0f, 0x42, 0x40])), element([0x44, 0x89], duration)));
  // The segment's size is "unknown", as MediaRecorder writes it.
  const segment = concat(Uint8Array.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]), info, new Uint8Array(512));
  return concat(ebml, segment);
}
