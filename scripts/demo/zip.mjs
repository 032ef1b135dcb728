// Minimal ZIP writer (PKWARE APPNOTE 6.3): local headers, central directory, end record.
// Enough for real, unzip-able IPA/TIPA demo files; no zip64, no encryption, no streaming.
import { deflateRawSync } from 'node:zlib';

const encoder = new TextEncoder();

// CRC-32 (IEEE, reflected, poly 0xEDB88320); node:zlib only exposes crc32 from Node 22.
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/**
 * @param {Uint8Array} bytes
 * @param {number} [crc] running value, for chaining
 * @returns {number} unsigned CRC-32
 */
export function crc32(bytes, crc = 0) {
  let c = (crc ^ 0xffffffff) >>> 0;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

// Fixed DOS timestamp so the same input always yields byte-identical archives.
function dosDateTime(date) {
  const time = (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1);
  const day = ((date.getUTCFullYear() - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate();
  return { time, day };
}

/**
 * @typedef {object} ZipEntry
 * @property {string} name  path inside the archive; a trailing '/' makes a directory
 * @property {Uint8Array|string} [data]
 * @property {number} [mode]  unix permission bits, e.g. 0o755 for executables
 */

/**
 * Build a zip archive. Each file is DEFLATEd when that makes it smaller, else STOREd,
 * which is what real zip tools do (so readers must handle both methods).
 * @param {ZipEntry[]} entries
 * @param {{ date?: Date }} [options]
 * @returns {Uint8Array}
 */
export function createZip(entries, { date = new Date(Date.UTC(2024, 0, 1, 12, 0, 0)) } = {}) {
  const { time, day } = dosDateTime(date);
  const locals = [];
  const centrals = [];
  let offset = 0;

  for (const entry of entries) {
    const isDir = entry.name.endsWith('/');
    const name = encoder.encode(entry.name);
    const data = typeof entry.data === 'string' ? encoder.encode(entry.data) : entry.data ?? new Uint8Array(0);
    const crc = crc32(data);
    const deflated = isDir || data.length === 0 ? null : deflateRawSync(data, { level: 9 });
    const useDeflate = deflated !== null && deflated.length < data.length;
    const payload = useDeflate ? deflated : data;
    const method = useDeflate ? 8 : 0;
    // Bit 11 = names are UTF-8; harmless for ASCII and correct for anything else.
    const flags = 0x0800;
    const mode = entry.mode ?? (isDir ? 0o755 : 0o644);
    const externalAttrs = ((((isDir ? 0o040000 : 0o100000) | mode) << 16) | (isDir ? 0x10 : 0)) >>> 0;

    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true); // version needed: 2.0 (deflate, directories)
    local.setUint16(6, flags, true);
    local.setUint16(8, method, true);
    local.setUint16(10, time, true);
    local.setUint16(12, day, true);
    local.setUint32(14, crc, true);
    local.setUint32(18, payload.length, true);
    local.setUint32(22, data.length, true);
    local.setUint16(26, name.length, true);
    local.setUint16(28, 0, true);
    locals.push(new Uint8Array(local.buffer), name, payload);

    const central = new DataView(new ArrayBuffer(46));
    central.setUint32(0, 0x02014b50, true);
    central.setUint16(4, (3 << 8) | 20, true); // made by: UNIX, so external attrs carry the mode
    central.setUint16(6, 20, true);
    central.setUint16(8, flags, true);
    central.setUint16(10, method, true);
    central.setUint16(12, time, true);
    central.setUint16(14, day, true);
    central.setUint32(16, crc, true);
    central.setUint32(20, payload.length, true);
    central.setUint32(24, data.length, true);
    central.setUint16(28, name.length, true);
    central.setUint16(30, 0, true); // extra length
    central.setUint16(32, 0, true); // comment length
    central.setUint16(34, 0, true); // disk number
    central.setUint16(36, 0, true); // internal attrs
    central.setUint32(38, externalAttrs, true);
    central.setUint32(42, offset, true);
    centrals.push(new Uint8Array(central.buffer), name);

    offset += 30 + name.length + payload.length;
  }

  const centralSize = centrals.reduce((n, part) => n + part.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(4, 0, true);
  end.setUint16(6, 0, true);
  end.setUint16(8, entries.length, true);
  end.setUint16(10, entries.length, true);
  end.setUint32(12, centralSize, true);
  end.setUint32(16, offset, true);
  end.setUint16(20, 0, true);

  return concatBytes([...locals, ...centrals, new Uint8Array(end.buffer)]);
}

/**
 * @param {Uint8Array[]} parts
 * @returns {Uint8Array}
 */
export function concatBytes(parts) {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
