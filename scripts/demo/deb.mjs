// Minimal Debian binary package writer: an `ar` archive holding debian-binary,
// control.tar.gz and data.tar.gz, in that order (dpkg requires the order).
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { createTar } from './tar.mjs';
import { concatBytes } from './zip.mjs';

const encoder = new TextEncoder();
const MTIME = 1704110400; // 2024-01-01T12:00:00Z, fixed for reproducible output

// Field order as dpkg-deb/Sileo show them; any order is legal.
const CONTROL_ORDER = ['Package', 'Name', 'Version', 'Architecture', 'Description', 'Maintainer', 'Author', 'Section', 'Depends'];

/**
 * Render a control object as a control file. Values must be single-line.
 * @param {Record<string, string>} control
 * @returns {string}
 */
function controlText(control) {
  const keys = [...CONTROL_ORDER.filter((k) => k in control), ...Object.keys(control).filter((k) => !CONTROL_ORDER.includes(k))];
  return keys
    .map((key) => {
      const value = String(control[key]);
      if (/[\r\n]/.test(value)) throw new Error(`control field ${key} must be one line`);
      return `${key}: ${value}\n`;
    })
    .join('');
}

/**
 * @param {{ control: Record<string, string>, files: { path: string, data: Uint8Array|string, mode?: number }[] }} pkg
 *   files[].path is relative to the filesystem root, without a leading slash
 * @returns {Uint8Array}
 */
export function createDeb({ control, files }) {
  const normalized = files.map((f) => ({
    path: f.path.replace(/^\.?\/+/, ''),
    data: typeof f.data === 'string' ? encoder.encode(f.data) : f.data,
    mode: f.mode ?? 0o644,
  }));

  // dpkg wants every parent directory listed before its contents, rooted at './'.
  const dirs = new Set();
  for (const f of normalized) {
    const parts = f.path.split('/').slice(0, -1);
    for (let i = 1; i <= parts.length; i++) dirs.add(`${parts.slice(0, i).join('/')}/`);
  }
  const dataEntries = [
    { name: './' },
    ...[...dirs].sort().map((d) => ({ name: `./${d}` })),
    ...normalized.map((f) => ({ name: `./${f.path}`, data: f.data, mode: f.mode })),
  ];

  const md5sums = normalized
    .map((f) => `${createHash('md5').update(f.data).digest('hex')}  ${f.path}\n`)
    .join('');
  const controlTar = createTar(
    [{ name: './' }, { name: './control', data: controlText(control) }, { name: './md5sums', data: md5sums }],
    { mtime: MTIME },
  );
  const dataTar = createTar(dataEntries, { mtime: MTIME });

  return createAr([
    { name: 'debian-binary', data: encoder.encode('2.0\n') },
    { name: 'control.tar.gz', data: gzipSync(controlTar, { level: 9 }) },
    { name: 'data.tar.gz', data: gzipSync(dataTar, { level: 9 }) },
  ]);
}

/**
 * Common `ar` format: global magic, then per member a 60-byte ASCII header and data padded to even length.
 * @param {{ name: string, data: Uint8Array }[]} members names <= 16 chars
 * @returns {Uint8Array}
 */
function createAr(members) {
  const parts = [encoder.encode('!<arch>\n')];
  for (const { name, data } of members) {
    if (name.length > 16) throw new Error(`ar member name too long: ${name}`);
    const header =
      name.padEnd(16) +
      String(MTIME).padEnd(12) +
      '0'.padEnd(6) + // uid
      '0'.padEnd(6) + // gid
      '100644'.padEnd(8) +
      String(data.length).padEnd(10) +
      '`\n';
    parts.push(encoder.encode(header), data);
    if (data.length % 2 === 1) parts.push(encoder.encode('\n'));
  }
  return concatBytes(parts);
}
