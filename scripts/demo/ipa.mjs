// Builds small but structurally real IPA/TIPA files: a zip with Payload/<Exec>.app/ holding an
// XML Info.plist, PkgInfo, a PNG icon and a placeholder executable. Enough for the store's
// IPA-info extraction and for OTA manifests; not installable (the executable is not Mach-O).
import { deflateSync } from 'node:zlib';
import { hslToRgb, escapeXml } from './art.mjs';
import { concatBytes, crc32, createZip } from './zip.mjs';

const encoder = new TextEncoder();

/**
 * XML property list from a plain object (strings, integers, booleans, arrays, objects).
 * @param {Record<string, unknown>} dict
 * @returns {string}
 */
function plistXml(dict) {
  const render = (value, indent) => {
    const pad = '\t'.repeat(indent);
    if (typeof value === 'string') return `${pad}<string>${escapeXml(value)}</string>`;
    if (typeof value === 'boolean') return `${pad}<${value}/>`;
    if (Number.isInteger(value)) return `${pad}<integer>${value}</integer>`;
    if (Array.isArray(value)) return `${pad}<array>\n${value.map((v) => render(v, indent + 1)).join('\n')}\n${pad}</array>`;
    if (value && typeof value === 'object') {
      const body = Object.entries(value)
        .map(([k, v]) => `${pad}\t<key>${escapeXml(k)}</key>\n${render(v, indent + 1)}`)
        .join('\n');
      return `${pad}<dict>\n${body}\n${pad}</dict>`;
    }
    throw new Error(`unsupported plist value: ${value}`);
  };
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
    '<plist version="1.0">',
    render(dict, 0),
    '</plist>',
    '',
  ].join('\n');
}

/**
 * Truecolour PNG with a diagonal gradient in the app's hue (the icon inside the bundle).
 * @param {number} size
 * @param {number} hue
 * @returns {Uint8Array}
 */
export function gradientPng(size, hue) {
  const from = hslToRgb(hue, 85, 60);
  const to = hslToRgb(hue + 35, 80, 30);
  const raw = new Uint8Array(size * (size * 3 + 1));
  for (let y = 0; y < size; y++) {
    const row = y * (size * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const t = (x + y) / (2 * (size - 1));
      for (let c = 0; c < 3; c++) raw[row + 1 + x * 3 + c] = Math.round(from[c] + (to[c] - from[c]) * t);
    }
  }
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, size);
  view.setUint32(4, size);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit depth, colour type RGB, deflate, adaptive filter, no interlace
  return concatBytes([
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', new Uint8Array(0)),
  ]);
}

function pngChunk(type, data) {
  const typeBytes = encoder.encode(type);
  const head = new Uint8Array(8);
  new DataView(head.buffer).setUint32(0, data.length);
  head.set(typeBytes, 4);
  const crc = new Uint8Array(4);
  new DataView(crc.buffer).setUint32(0, crc32(data, crc32(typeBytes)));
  return concatBytes([head, data, crc]);
}

/**
 * @param {object} app
 * @param {string} app.name            display name (may contain Vietnamese)
 * @param {string} app.executable      ASCII bundle / executable name
 * @param {string} app.bundleId
 * @param {string} app.version         CFBundleShortVersionString
 * @param {string} app.build           CFBundleVersion
 * @param {string} app.minOs           MinimumOSVersion
 * @param {number} app.hue
 * @param {() => number} app.random    seeded PRNG, for the placeholder executable's bytes
 * @param {Record<string, string>} [app.privacy]  NS…UsageDescription strings for Info.plist
 * @param {Record<string, unknown>|null} [app.entitlements]  granted by an embedded.mobileprovision
 * @returns {Uint8Array}
 */
export function createIpa({ name, executable, bundleId, version, build, minOs, hue, random, privacy = {}, entitlements = null }) {
  const app = `Payload/${executable}.app/`;
  const info = plistXml({
    CFBundleDevelopmentRegion: 'vi',
    CFBundleDisplayName: name,
    CFBundleExecutable: executable,
    CFBundleIcons: { CFBundlePrimaryIcon: { CFBundleIconFiles: ['AppIcon60x60'], CFBundleIconName: 'AppIcon' } },
    CFBundleIdentifier: bundleId,
    CFBundleInfoDictionaryVersion: '6.0',
    CFBundleName: name,
    CFBundlePackageType: 'APPL',
    CFBundleShortVersionString: version,
    CFBundleSupportedPlatforms: ['iPhoneOS'],
    CFBundleVersion: build,
    LSRequiresIPhoneOS: true,
    MinimumOSVersion: minOs,
    UIDeviceFamily: [1, 2],
    UIRequiredDeviceCapabilities: ['arm64'],
    UISupportedInterfaceOrientations: ['UIInterfaceOrientationPortrait'],
    ...privacy,
  });

  // Incompressible filler so file sizes look like (tiny) real builds and differ per app.
  const notice = encoder.encode(`DEMO PLACEHOLDER for ${bundleId} ${version} (${build}); not a Mach-O binary.\n`);
  const filler = new Uint8Array(1500 + Math.floor(random() * 2000));
  for (let i = 0; i < filler.length; i++) filler[i] = Math.floor(random() * 256);

  return createZip([
    { name: 'Payload/' },
    { name: app },
    { name: `${app}Info.plist`, data: info },
    { name: `${app}PkgInfo`, data: 'APPL????' },
    { name: `${app}AppIcon60x60@2x.png`, data: gradientPng(120, hue) },
    { name: `${app}${executable}`, data: concatBytes([notice, filler]), mode: 0o755 },
    ...(entitlements ? [{ name: `${app}embedded.mobileprovision`, data: mobileProvision(name, bundleId, entitlements) }] : []),
  ]);
}

/**
 * A provisioning profile's shape: a CMS (DER) envelope around an XML plist. The envelope here
 * is only its first bytes and an unsigned tail; readers lift the plist out without checking it.
 * @param {string} name
 * @param {string} bundleId
 * @param {Record<string, unknown>} entitlements
 * @returns {Uint8Array}
 */
function mobileProvision(name, bundleId, entitlements) {
  const plist = plistXml({
    AppIDName: name,
    ApplicationIdentifierPrefix: ['DEMOTEAM01'],
    Entitlements: entitlements,
    Name: `Demo ad hoc ${bundleId}`,
    TeamIdentifier: ['DEMOTEAM01'],
    TeamName: 'Demo Team',
    Version: 1,
  });
  const envelope = new Uint8Array([0x30, 0x82, 0x0f, 0x00, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02, 0xa0]);
  const tail = encoder.encode('\0\0DEMO UNSIGNED PROFILE\0');
  return concatBytes([envelope, encoder.encode(plist), tail]);
}
