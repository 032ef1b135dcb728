// Self-check for the demo catalogue: asserts the seeding contract, writes every generated file
// to a temp dir and validates it with independent readers (JS below, plus unzip / dpkg-deb /
// ffprobe / xmllint when installed). Usage: node scripts/demo/check.mjs [--keep]
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gunzipSync, inflateRawSync } from 'node:zlib';
import { demoCatalogue, VIDEO_DURATION } from './catalogue.mjs';
import { crc32 } from './zip.mjs';

const TYPES = ['ipa', 'itms-ipa', 'testflight', 'tipa', 'roothide', 'rootless', 'rootfull'];
const KEY_TYPES = ['1day', '7days', '30days', 'lifetime'];
const DEB_ARCH = { rootless: 'iphoneos-arm64', roothide: 'iphoneos-arm64e', rootfull: 'iphoneos-arm' };
const FILE_EXT = { ipa: 'ipa', 'itms-ipa': 'ipa', tipa: 'tipa', rootless: 'deb', roothide: 'deb', rootfull: 'deb' };
const decoder = new TextDecoder('utf-8', { fatal: true });

const keep = process.argv.includes('--keep');
const tools = Object.fromEntries(['unzip', 'dpkg-deb', 'ffprobe', 'xmllint'].map((t) => [t, hasTool(t)]));
let checks = 0;

function ok(condition, message) {
  assert.ok(condition, message);
  checks++;
}

function hasTool(name) {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function run(cmd, args) {
  return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

// Same buckets as the home card: year, month (30 d), week, day, hour, minute.
function timeUnit(days) {
  const minutes = days * 24 * 60;
  if (days >= 365) return 'year';
  if (days >= 30) return 'month';
  if (days >= 7) return 'week';
  if (days >= 1) return 'day';
  if (minutes >= 60) return 'hour';
  return 'minute';
}

// Independent zip reader (central directory -> local header -> inflate -> CRC).
function readZip(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = bytes.length - 22;
  ok(view.getUint32(eocd, true) === 0x06054b50, 'zip end record at the very end (no comment)');
  const count = view.getUint16(eocd + 10, true);
  let at = view.getUint32(eocd + 16, true);
  const files = new Map();
  for (let i = 0; i < count; i++) {
    ok(view.getUint32(at, true) === 0x02014b50, 'central directory signature');
    const method = view.getUint16(at + 10, true);
    const crc = view.getUint32(at + 16, true);
    const csize = view.getUint32(at + 20, true);
    const usize = view.getUint32(at + 24, true);
    const nameLen = view.getUint16(at + 28, true);
    const extraLen = view.getUint16(at + 30, true);
    const commentLen = view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLen));
    ok(view.getUint32(local, true) === 0x04034b50, `local header for ${name}`);
    const dataAt = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const raw = bytes.subarray(dataAt, dataAt + csize);
    const data = method === 8 ? new Uint8Array(inflateRawSync(raw)) : raw;
    ok(method === 0 || method === 8, `method STORE or DEFLATE for ${name}`);
    ok(data.length === usize && crc32(data) === crc, `size and CRC-32 of ${name}`);
    files.set(name, data);
    at += 46 + nameLen + extraLen + commentLen;
  }
  return files;
}

function plistString(xml, key) {
  const m = xml.match(new RegExp(`<key>${key}</key>\\s*<string>([^<]*)</string>`));
  return m ? m[1].replaceAll('&amp;', '&').replaceAll('&lt;', '<').replaceAll('&gt;', '>') : null;
}

// Independent ar + tar reader for .deb files.
function readAr(bytes) {
  ok(decoder.decode(bytes.subarray(0, 8)) === '!<arch>\n', 'ar magic');
  const members = [];
  let at = 8;
  while (at < bytes.length) {
    const header = decoder.decode(bytes.subarray(at, at + 60));
    ok(header.endsWith('`\n'), 'ar member header terminator');
    const size = Number(header.slice(48, 58).trim());
    members.push({ name: header.slice(0, 16).trim().replace(/\/$/, ''), data: bytes.subarray(at + 60, at + 60 + size) });
    at += 60 + size + (size % 2);
  }
  return members;
}

function readTar(bytes) {
  const entries = new Map();
  for (let at = 0; at + 512 <= bytes.length; ) {
    const header = bytes.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    let sum = 0;
    for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 32 : header[i];
    const field = (from, len) => decoder.decode(header.subarray(from, from + len)).replace(/\0.*$/s, '');
    ok(parseInt(field(148, 8), 8) === sum, 'tar header checksum');
    ok(field(257, 6) === 'ustar', 'ustar magic');
    const size = parseInt(field(124, 12), 8);
    entries.set(field(0, 100), bytes.subarray(at + 512, at + 512 + size));
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return entries;
}

function checkSvg(obj, what, path) {
  const text = decoder.decode(obj.body);
  ok(obj.contentType === 'image/svg+xml', `${what}: content type`);
  ok(obj.body.length < 6 * 1024, `${what}: < 6 KB (${obj.body.length})`);
  ok(text.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'), `${what}: svg root`);
  ok(!/<script|foreignObject|href=|url\((?!#)|@import|\bon\w+=/i.test(text), `${what}: no scripts or external references`);
  ok(!/&(?!amp;|lt;|gt;|quot;|apos;)/.test(text), `${what}: XML special characters escaped`);
  if (tools.xmllint) run('xmllint', ['--noout', path]);
}

// ---------------------------------------------------------------------------------------------

const started = performance.now();
const { apps } = demoCatalogue();
const again = demoCatalogue().apps;

// Determinism: a second call produces identical metadata and identical bytes.
const fingerprint = (list) =>
  createHash('sha256')
    .update(JSON.stringify(list, (_k, v) => (v instanceof Uint8Array ? createHash('sha256').update(v).digest('hex') : v)))
    .digest('hex');
ok(fingerprint(apps) === fingerprint(again), 'demoCatalogue() is deterministic');

const visible = apps.filter((a) => a.status === 'active');
const failed = apps.filter((a) => a.status === 'failed');
ok(apps.length >= 13, 'at least 13 apps');
ok(failed.length === 1 && visible.length === 12 && visible.length + failed.length === apps.length, '12 active + exactly 1 failed');
for (const type of TYPES) ok(visible.some((a) => a.app_type === type), `visible app of type ${type}`);
const ipaCount = visible.filter((a) => a.app_type === 'ipa').length;
ok(ipaCount >= 2 && ipaCount <= 3, '2-3 visible ipa apps');

const slugs = apps.map((a) => a.url);
ok(new Set(slugs).size === slugs.length, 'unique slugs');
const bundles = apps.map((a) => a.bundle_identifier).filter(Boolean);
ok(new Set(bundles).size === bundles.length, 'unique bundle identifiers');
ok(apps.some((a) => a.developer === null), "one developer null ('Unknown')");
ok(apps.some((a) => a.icon === null), 'one app without icon');
ok(apps.some((a) => a.download_count === 0), 'one app with 0 downloads');
ok(apps.some((a) => a.updated_days_ago === null), 'one app never updated');
ok(apps.filter((a) => a.category === 'utilities').length >= 1, 'some utilities');
ok(apps.filter((a) => a.category === 'games').length > apps.length / 2, 'mostly games');
const units = new Set(visible.map((a) => timeUnit(a.updated_days_ago ?? a.created_days_ago)));
for (const unit of ['minute', 'hour', 'day', 'week', 'month', 'year']) ok(units.has(unit), `a card shows a '${unit}' label`);

const videos = apps.flatMap((a) => a.media.filter((m) => m.media_type === 'video').map((m) => ({ app: a, m })));
ok(videos.length === 1, 'exactly one video');
ok(apps.filter((a) => a.media.filter((m) => m.media_type === 'image').length >= 2).length >= 10, 'most apps have 2+ screenshots');

const priced = apps.filter((a) => a.pricing.length > 0);
ok(priced.length >= 5, 'pricing for at least 5 apps');
ok(apps.flatMap((a) => a.pricing).filter((p) => !p.is_active).length === 1, 'exactly one paused pricing');
const stocks = apps.flatMap((a) => Object.values(a.key_stock));
ok(stocks.includes(0), 'a sold-out key type');
ok(stocks.some((n) => n > 0 && n <= 5), 'a low-stock key type');

const dir = mkdtempSync(join(tmpdir(), 'demo-catalogue-'));
const objectKeys = new Set();
let totalBytes = 0;
let fileCount = 0;

function writeObject(obj) {
  ok(!objectKeys.has(obj.key), `unique R2 key ${obj.key}`);
  objectKeys.add(obj.key);
  ok(obj.body instanceof Uint8Array && obj.body.length > 0, `${obj.key}: non-empty Uint8Array body`);
  const path = join(dir, obj.key);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, obj.body);
  totalBytes += obj.body.length;
  fileCount++;
  return path;
}

for (const app of apps) {
  const what = app.url;
  ok(/^[a-z0-9_-]+$/.test(app.url), `${what}: slug charset`);
  ok(TYPES.includes(app.app_type), `${what}: app_type`);
  ok(/\p{L}/u.test(app.name) && app.name.trim() === app.name, `${what}: name`);
  ok(app.developer === null || (typeof app.developer === 'string' && app.developer.length > 0), `${what}: developer`);
  ok(/[^\x00-\x7f]/.test(app.description), `${what}: Vietnamese description`);
  const sentences = app.description.split(/[.!?](?:\s|$)/).filter((s) => s.trim()).length;
  ok(sentences >= 2 && sentences <= 4, `${what}: 2-4 sentences (${sentences})`);
  const features = app.changelog.split('\n').filter((l) => l.trim());
  ok(features.length >= 3 && features.length <= 6, `${what}: 3-6 changelog lines`);
  ok(/^\d+\.\d+\.\d+$/.test(app.version), `${what}: version x.y.z`);
  ok(typeof app.build_number === 'string' && /^\d+$/.test(app.build_number), `${what}: build number`);
  ok(app.bundle_identifier === null ? app.app_type === 'testflight' : /^[a-z][a-z0-9]*(\.[a-z0-9-]+){2,}$/.test(app.bundle_identifier), `${what}: bundle id`);
  ok(/^\d+\.\d$/.test(app.minimum_os_version), `${what}: minimum OS`);
  ok(['games', 'utilities'].includes(app.category), `${what}: category`);
  ok(app.itms_url === null || (app.app_type === 'itms-ipa' && app.itms_url.startsWith('itms-services://')), `${what}: itms_url`);
  ok(
    app.app_type === 'testflight'
      ? /^https:\/\/testflight\.apple\.com\/join\/[A-Za-z0-9]{8}$/.test(app.testflight_url)
      : app.testflight_url === null,
    `${what}: testflight_url`,
  );
  ok(Number.isInteger(app.download_count) && app.download_count >= 0, `${what}: download_count`);
  ok(app.created_days_ago > 0 && (app.updated_days_ago === null || (app.updated_days_ago > 0 && app.updated_days_ago <= app.created_days_ago)), `${what}: times`);

  // Pricing and stock.
  const types = app.pricing.map((p) => p.key_type);
  ok(new Set(types).size === types.length && types.every((t) => KEY_TYPES.includes(t)), `${what}: one pricing per key type`);
  ok(app.pricing.every((p) => Number.isInteger(p.price) && p.price >= 1000 && typeof p.is_active === 'boolean'), `${what}: prices`);
  ok(Object.keys(app.key_stock).sort().join() === [...types].sort().join(), `${what}: key_stock matches pricing`);
  ok(Object.values(app.key_stock).every((n) => Number.isInteger(n) && n >= 0), `${what}: stock counts`);

  // Icon and media.
  if (app.icon) {
    ok(app.icon.key === `demo/icons/${app.url}.svg`, `${what}: icon key`);
    checkSvg(app.icon, `${what} icon`, writeObject(app.icon));
  }
  ok(app.media.length <= 4, `${what}: at most 4 media`);
  app.media.forEach((m, i) => {
    const path = writeObject(m);
    if (m.media_type === 'image') {
      ok(m.key === `demo/media/${app.url}-${i + 1}.svg` && m.duration === null, `${what}: image media entry`);
      checkSvg(m, m.key, path);
    } else {
      ok(m.media_type === 'video' && m.key === `demo/media/${app.url}-${i + 1}.webm` && m.contentType === 'video/webm', `${what}: video entry`);
      ok(m.body.length < 150 * 1024, 'video < 150 KB');
      ok(m.duration === VIDEO_DURATION && m.duration > 0 && m.duration <= 30, 'video duration within the 30 s limit');
      ok(m.body[0] === 0x1a && m.body[1] === 0x45 && m.body[2] === 0xdf && m.body[3] === 0xa3, 'video is EBML/WebM');
      if (tools.ffprobe) {
        const probed = run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration:stream=codec_name,width,height', '-of', 'json', path]);
        const info = JSON.parse(probed);
        ok(Math.abs(Number(info.format.duration) - m.duration) < 0.05, `video duration ${info.format.duration} matches ${m.duration}`);
        ok(info.streams[0].codec_name === 'vp9', 'video is VP9');
      }
    }
  });

  // The installable file.
  if (app.app_type === 'testflight') {
    ok(app.file === null && app.deb_control === null, `${what}: testflight has no file`);
    continue;
  }
  const ext = FILE_EXT[app.app_type];
  ok(app.file && app.file.key === `demo/files/${app.url}-${app.version}.${ext}` && app.file.filename.endsWith(`.${ext}`), `${what}: file key`);
  ok(app.file.body.length < 16 * 1024, `${what}: file is a few KB (${app.file.body.length})`);
  const path = writeObject(app.file);

  if (ext === 'deb') {
    const c = app.deb_control;
    ok(c && c.Architecture === DEB_ARCH[app.app_type] && c.Package === app.bundle_identifier && c.Version === app.version, `${what}: control`);
    for (const field of ['Package', 'Name', 'Version', 'Architecture', 'Maintainer', 'Author', 'Description', 'Depends', 'Section']) {
      ok(typeof c[field] === 'string' && c[field].length > 0 && !c[field].includes('\n'), `${what}: control ${field}`);
    }
    const members = readAr(app.file.body);
    ok(members.map((m) => m.name).join() === 'debian-binary,control.tar.gz,data.tar.gz', `${what}: ar members in order`);
    ok(decoder.decode(members[0].data) === '2.0\n', `${what}: debian-binary`);
    const controlFile = decoder.decode(readTar(gunzipSync(members[1].data)).get('./control'));
    for (const [k, v] of Object.entries(c)) ok(controlFile.includes(`${k}: ${v}\n`), `${what}: control file has ${k}`);
    const data = [...readTar(gunzipSync(members[2].data)).keys()];
    const prefix = app.app_type === 'rootfull' ? './Library/' : './var/jb/Library/';
    ok(data.some((p) => p.startsWith(`${prefix}MobileSubstrate/DynamicLibraries/`) && p.endsWith('.plist')), `${what}: substrate filter under ${prefix}`);
    if (tools['dpkg-deb']) {
      run('dpkg-deb', ['-I', path]);
      const listing = run('dpkg-deb', ['-c', path]);
      ok(listing.includes(`${prefix}MobileSubstrate/DynamicLibraries/`), `${what}: dpkg-deb -c lists the filter`);
      for (const [k, v] of Object.entries(c)) ok(run('dpkg-deb', ['-f', path, k]).trim() === v, `${what}: dpkg-deb -f ${k}`);
    }
  } else {
    ok(app.deb_control === null, `${what}: no deb_control`);
    const files = readZip(app.file.body);
    const plists = [...files.keys()].filter((n) => /^Payload\/[^/]+\.app\/Info\.plist$/.test(n));
    ok(plists.length === 1, `${what}: one Payload/*.app/Info.plist`);
    const xml = decoder.decode(files.get(plists[0]));
    const expect = {
      CFBundleIdentifier: app.bundle_identifier,
      CFBundleName: app.name,
      CFBundleDisplayName: app.name,
      CFBundleShortVersionString: app.version,
      CFBundleVersion: app.build_number,
      MinimumOSVersion: app.minimum_os_version,
    };
    for (const [k, v] of Object.entries(expect)) ok(plistString(xml, k) === v, `${what}: Info.plist ${k}`);
    const exec = plistString(xml, 'CFBundleExecutable');
    ok(files.has(plists[0].replace('Info.plist', exec)), `${what}: executable present`);
    // package_info says what the file declares: its usage strings and its profile's entitlements.
    const usageKeys = [...xml.matchAll(/<key>(NS\w*UsageDescription)<\/key>/g)].map((m) => m[1]);
    ok(JSON.stringify(usageKeys.sort()) === JSON.stringify(Object.keys(app.privacy).sort()), `${what}: privacy keys match Info.plist`);
    for (const [k, v] of Object.entries(app.privacy)) ok(plistString(xml, k) === v, `${what}: Info.plist ${k}`);
    const profile = files.get(plists[0].replace('Info.plist', 'embedded.mobileprovision'));
    ok(Boolean(profile) === app.entitlements.length > 0, `${what}: a profile exactly when there are entitlements`);
    if (profile) {
      const text = new TextDecoder('latin1').decode(profile);
      const inner = text.slice(text.indexOf('<key>Entitlements</key>'));
      const dict = inner.slice(0, inner.indexOf('</dict>'));
      const granted = [...dict.matchAll(/^\t\t<key>([^<]+)<\/key>/gm)].map((m) => m[1]);
      ok(JSON.stringify(granted) === JSON.stringify(app.entitlements), `${what}: profile grants the listed entitlements`);
    }
    if (tools.unzip) {
      run('unzip', ['-tq', path]);
      ok(run('unzip', ['-p', path, plists[0]]) === xml, `${what}: unzip -p Info.plist`);
    }
    if (tools.xmllint) {
      const plistPath = `${path}.Info.plist`;
      writeFileSync(plistPath, xml);
      run('xmllint', ['--noout', '--nonet', plistPath]);
    }
  }
}

if (!keep) rmSync(dir, { recursive: true, force: true });
const used = Object.entries(tools).filter(([, v]) => v).map(([k]) => k);
console.log(
  `demo catalogue OK: ${apps.length} apps (${visible.length} visible, ${failed.length} failed), ${fileCount} files, ` +
    `${totalBytes} bytes, ${checks} checks, tools: ${used.join(', ') || 'none'}${keep ? `, kept in ${dir}` : ''} ` +
    `(${Math.round(performance.now() - started)} ms)`,
);
