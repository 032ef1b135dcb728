// A QR code as a PNG the store serves itself: uqr gives the module matrix, this writes a 1-bit
// grayscale PNG (zlib through CompressionStream, CRC-32 per chunk).
import { encode } from "uqr";
import { crc32 } from "./bytes";

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

async function zlib(data: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const stream = new Blob([data]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** `text` as a QR code PNG: `scale` pixels per module, the standard 4-module quiet zone. */
export async function qrPng(text: string, scale = 8): Promise<Uint8Array<ArrayBuffer>> {
  const { data, size } = encode(text, { ecc: "M", border: 4 });
  const width = size * scale;
  const rowBytes = Math.ceil(width / 8);
  const raw = new Uint8Array((rowBytes + 1) * width);
  for (let y = 0; y < width; y++) {
    const row = data[Math.floor(y / scale)];
    const offset = y * (rowBytes + 1); // the row's filter byte stays 0 (none)
    for (let x = 0; x < width; x++) {
      // In 1-bit grayscale, 1 is white: set the bit for light modules.
      if (!row[Math.floor(x / scale)]) raw[offset + 1 + (x >> 3)] |= 0x80 >> (x & 7);
    }
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, width);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, grayscale, deflate, no filter set, no interlace
  const parts = [new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", header), chunk("IDAT", await zlib(raw)), chunk("IEND", new Uint8Array())];
  const png = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    png.set(part, at);
    at += part.length;
  }
  return png;
}
