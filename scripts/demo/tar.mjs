// Minimal POSIX ustar writer: regular files and directories only, names < 100 bytes.
// Used for the control.tar.gz / data.tar.gz members of the demo .deb packages.

const encoder = new TextEncoder();
const BLOCK = 512;

/**
 * @typedef {object} TarEntry
 * @property {string} name  e.g. './control' or './var/jb/Library/' (trailing '/' = directory)
 * @property {Uint8Array|string} [data]
 * @property {number} [mode]
 */

/**
 * @param {TarEntry[]} entries
 * @param {{ mtime?: number }} [options] seconds since epoch; fixed for reproducible output
 * @returns {Uint8Array}
 */
export function createTar(entries, { mtime = 1704110400 } = {}) {
  const blocks = [];
  for (const entry of entries) {
    const isDir = entry.name.endsWith('/');
    const data = typeof entry.data === 'string' ? encoder.encode(entry.data) : entry.data ?? new Uint8Array(0);
    const size = isDir ? 0 : data.length;
    const header = new Uint8Array(BLOCK);
    const name = encoder.encode(entry.name);
    if (name.length > 100) throw new Error(`tar name too long: ${entry.name}`);

    header.set(name, 0);
    writeOctal(header, 100, 8, entry.mode ?? (isDir ? 0o755 : 0o644));
    writeOctal(header, 108, 8, 0); // uid root
    writeOctal(header, 116, 8, 0); // gid root
    writeOctal(header, 124, 12, size);
    writeOctal(header, 136, 12, mtime);
    header.fill(0x20, 148, 156); // checksum is computed with its own field as spaces
    header[156] = isDir ? 0x35 /* '5' */ : 0x30 /* '0' */;
    header.set(encoder.encode('ustar\0'), 257);
    header.set(encoder.encode('00'), 263);
    header.set(encoder.encode('root'), 265);
    header.set(encoder.encode('root'), 297);

    let sum = 0;
    for (const byte of header) sum += byte;
    // Conventional form: six octal digits, NUL, space.
    header.set(encoder.encode(`${sum.toString(8).padStart(6, '0')}\0 `), 148);

    blocks.push(header);
    if (size > 0) {
      const padded = new Uint8Array(Math.ceil(size / BLOCK) * BLOCK);
      padded.set(data);
      blocks.push(padded);
    }
  }
  blocks.push(new Uint8Array(BLOCK * 2)); // end-of-archive marker: two zero blocks

  const out = new Uint8Array(blocks.reduce((n, b) => n + b.length, 0));
  let at = 0;
  for (const b of blocks) {
    out.set(b, at);
    at += b.length;
  }
  return out;
}

// Octal, zero-padded, NUL-terminated within the field width.
function writeOctal(header, offset, width, value) {
  header.set(encoder.encode(`${value.toString(8).padStart(width - 1, '0')}\0`), offset);
}
