// Generated SVG artwork for the demo catalogue: app icons (512×512) and phone screenshots (390×844).
// Plain shapes and text only: no external references, no scripts, no foreignObject, so the
// files are safe to serve from R2 as image/svg+xml and render the same in every browser.

const FONT = "-apple-system, 'SF Pro Display', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/**
 * @param {string} text
 * @returns {string} text safe inside XML character data and attribute values
 */
export function escapeXml(text) {
  return String(text)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

/**
 * @param {number} h degrees
 * @param {number} s 0-100
 * @param {number} l 0-100
 * @returns {[number, number, number]} 0-255 each
 */
export function hslToRgb(h, s, l) {
  const hue = ((h % 360) + 360) % 360;
  const sat = s / 100;
  const light = l / 100;
  const k = (n) => (n + hue / 30) % 12;
  const a = sat * Math.min(light, 1 - light);
  const f = (n) => light - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0), f(8), f(4)].map((v) => Math.round(v * 255));
}

// Hex rather than hsl(): some non-browser SVG renderers (thumbnailers, rsvg) reject CSS3 colours.
function hex(h, s, l) {
  return `#${hslToRgb(h, s, l).map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Up to two initials from the first two words, keeping Vietnamese capitals like Đ.
 * @param {string} name
 */
function initials(name) {
  const words = name.split(/\s+/).filter((w) => /\p{L}|\p{N}/u.test(w));
  return words
    .slice(0, 2)
    .map((w) => [...w.replace(/^[^\p{L}\p{N}]+/u, '')][0] ?? '')
    .join('')
    .toLocaleUpperCase('vi');
}

// Geometric motifs for icons, drawn in translucent white over the gradient.
const MOTIFS = {
  flame: '<path d="M256 70c40 70 120 110 120 210a120 120 0 0 1-240 0c0-60 40-90 60-140 20 40 40 50 60 40z" fill="#fff" fill-opacity=".18"/>',
  chevrons:
    '<path d="M60 150l90 106-90 106h70l90-106-90-106zM190 150l90 106-90 106h70l90-106-90-106z" fill="#fff" fill-opacity=".16"/>',
  grid: [0, 1, 2, 3]
    .flatMap((r) => [0, 1, 2, 3].filter((c) => (r + c) % 2 === 0).map((c) => `<rect x="${96 + c * 80}" y="${96 + r * 80}" width="80" height="80"/>`))
    .join('')
    .replace(/^/, '<g fill="#fff" fill-opacity=".12">')
    .concat('</g>'),
  rings: '<g fill="none" stroke="#fff" stroke-opacity=".2" stroke-width="18"><circle cx="256" cy="256" r="190"/><circle cx="256" cy="256" r="130"/><circle cx="256" cy="256" r="70"/></g>',
  diamond: '<path d="M256 48l208 208-208 208L48 256z" fill="#fff" fill-opacity=".14"/><path d="M256 120l136 136-136 136-136-136z" fill="#fff" fill-opacity=".1"/>',
  waves:
    '<g fill="none" stroke="#fff" stroke-opacity=".2" stroke-width="22" stroke-linecap="round"><path d="M40 330q54-50 108 0t108 0 108 0 108 0"/><path d="M40 400q54-50 108 0t108 0 108 0 108 0"/></g>',
  bubbles: '<g fill="#fff" fill-opacity=".16"><circle cx="140" cy="150" r="60"/><circle cx="360" cy="120" r="36"/><circle cx="390" cy="360" r="80"/><circle cx="130" cy="390" r="28"/></g>',
  stars:
    '<g fill="#fff" fill-opacity=".18"><path d="M120 60l18 44 47 4-36 30 11 46-40-25-40 25 11-46-36-30 47-4z"/><path d="M400 330l14 34 37 3-28 24 9 36-32-20-32 20 9-36-28-24 37-3z"/></g>',
  shield: '<path d="M256 56l170 64v120c0 110-80 180-170 216-90-36-170-106-170-216V120z" fill="#fff" fill-opacity=".15"/>',
  bolt: '<path d="M290 40L120 290h110l-30 182 190-262H278z" fill="#fff" fill-opacity=".18"/>',
  gauge: '<g fill="none" stroke="#fff" stroke-opacity=".2" stroke-width="26" stroke-linecap="round"><path d="M90 360a170 170 0 1 1 332 0"/><path d="M256 300l90-120"/></g>',
};

/**
 * The opening of an SVG whose background is a two-colour linear gradient running from the top
 * left towards (x2, y2); `rx` rounds the background's corners.
 * @param {{ width: number, height: number, id: string, x2: number, y2: number, from: string, to: string, rx?: number }} options
 * @returns {string[]}
 */
function gradientCanvas({ width, height, id, x2, y2, from, to, rx }) {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">`,
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>`,
    '</linearGradient></defs>',
    `<rect width="${width}" height="${height}"${rx ? ` rx="${rx}"` : ''} fill="url(#${id})"/>`,
  ];
}

/**
 * App icon: rounded-rect gradient in the app's hue, a motif, and bold initials.
 * @param {{ name: string, hue: number, motif: string }} options
 * @returns {string}
 */
export function iconSvg({ name, hue, motif }) {
  const text = initials(name);
  const size = text.length > 1 ? 190 : 230;
  return [
    ...gradientCanvas({ width: 512, height: 512, id: 'g', x2: 1, y2: 1, from: hex(hue, 85, 60), to: hex(hue + 35, 80, 30), rx: 112 }),
    MOTIFS[motif] ?? '',
    `<text x="256" y="${256 + Math.round(size * 0.35)}" text-anchor="middle" font-family="${FONT}" font-weight="800" font-size="${size}" fill="#fff" fill-opacity=".95">${escapeXml(text)}</text>`,
    '</svg>',
  ].join('');
}

// Greedy word wrap into at most `maxLines` lines; the last line gets an ellipsis when cut.
function wrap(text, maxChars, maxLines) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= maxChars || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    lines.length = maxLines;
    lines[maxLines - 1] = truncate(`${lines[maxLines - 1]} …`, maxChars);
  }
  return lines.map((l) => truncate(l, maxChars));
}

function truncate(text, max) {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

// Body layouts for screenshots; each returns SVG for the area y = 190..700.
const LAYOUTS = {
  // Game scene with HUD, virtual joystick and action buttons.
  gameplay({ hue }) {
    return [
      `<rect x="24" y="190" width="342" height="500" rx="28" fill="${hex(hue + 180, 40, 18)}"/>`,
      `<path d="M24 560l80-90 70 60 90-120 102 110v170H24z" fill="${hex(hue, 60, 35)}" fill-opacity=".8"/>`,
      `<circle cx="290" cy="280" r="34" fill="${hex(hue + 40, 90, 65)}"/>`,
      '<rect x="44" y="210" width="150" height="14" rx="7" fill="#fff" fill-opacity=".2"/>',
      `<rect x="44" y="210" width="112" height="14" rx="7" fill="${hex(0, 80, 55)}"/>`,
      '<rect x="44" y="232" width="150" height="10" rx="5" fill="#fff" fill-opacity=".2"/>',
      `<rect x="44" y="232" width="70" height="10" rx="5" fill="${hex(210, 90, 60)}"/>`,
      '<circle cx="96" cy="620" r="44" fill="#fff" fill-opacity=".15"/><circle cx="96" cy="620" r="20" fill="#fff" fill-opacity=".35"/>',
      `<circle cx="300" cy="630" r="30" fill="${hex(hue, 85, 55)}"/><circle cx="244" cy="600" r="20" fill="#fff" fill-opacity=".3"/><circle cx="320" cy="566" r="20" fill="#fff" fill-opacity=".3"/>`,
    ].join('');
  },
  // Floating mod menu: feature rows with on/off toggles.
  menu({ hue, features }) {
    const rows = features.slice(0, 5).map((label, i) => {
      const y = 262 + i * 76;
      const on = i % 3 !== 2;
      return [
        `<rect x="40" y="${y}" width="310" height="60" rx="14" fill="#fff" fill-opacity=".07"/>`,
        `<text x="58" y="${y + 36}" font-size="15" fill="#fff">${escapeXml(truncate(label, 25))}</text>`,
        `<rect x="290" y="${y + 18}" width="44" height="24" rx="12" fill="${on ? hex(hue, 80, 50) : '#555'}"/>`,
        `<circle cx="${on ? 322 : 302}" cy="${y + 30}" r="9" fill="#fff"/>`,
      ].join('');
    });
    return [
      '<rect x="24" y="190" width="342" height="500" rx="28" fill="#0b0b12" fill-opacity=".75"/>',
      `<text x="44" y="236" font-size="20" font-weight="700" fill="${hex(hue, 90, 70)}">MOD MENU</text>`,
      '<circle cx="336" cy="229" r="12" fill="#fff" fill-opacity=".2"/>',
      ...rows,
    ].join('');
  },
  // Stat cards and a bar chart, e.g. rewards / performance screen.
  stats({ hue, seed }) {
    const bars = [0, 1, 2, 3, 4, 5, 6].map((i) => {
      const h = 40 + ((seed * (i + 3) * 37) % 150);
      return `<rect x="${52 + i * 44}" y="${650 - h}" width="26" height="${h}" rx="6" fill="${hex(hue + i * 8, 80, 60)}"/>`;
    });
    const cards = ['Cấp độ', 'Vàng', 'Kim cương', 'Thắng'].map((label, i) => {
      const x = 40 + (i % 2) * 160;
      const y = 200 + Math.floor(i / 2) * 110;
      const value = ((seed * (i + 7) * 7919) % 9000) + 100;
      return [
        `<rect x="${x}" y="${y}" width="150" height="96" rx="18" fill="#fff" fill-opacity=".1"/>`,
        `<text x="${x + 16}" y="${y + 34}" font-size="14" fill="#fff" fill-opacity=".7">${escapeXml(label)}</text>`,
        `<text x="${x + 16}" y="${y + 72}" font-size="28" font-weight="700" fill="#fff">${value.toLocaleString('en-US').replaceAll(',', '.')}</text>`,
      ].join('');
    });
    return [...cards, '<rect x="40" y="430" width="310" height="240" rx="18" fill="#fff" fill-opacity=".07"/>', ...bars].join('');
  },
};

/**
 * Portrait phone screenshot mock-up.
 * @param {{ name: string, hue: number, layout: string, caption: string, features: string[], seed: number }} options
 * @returns {string}
 */
export function screenshotSvg({ name, hue, layout, caption, features, seed }) {
  // Budget ~0.6em per bold glyph across 340px: shrink a one-line title down to 26px, else wrap at 28px.
  const length = [...name].length;
  const title = length <= 21 ? [name] : wrap(name, 20, 2);
  const titleSize = title.length > 1 ? 28 : Math.min(32, Math.floor(340 / (0.6 * length)));
  const captionLines = wrap(caption, 26, 2);
  const body = (LAYOUTS[layout] ?? LAYOUTS.gameplay)({ hue, features, seed });
  return [
    ...gradientCanvas({ width: 390, height: 844, id: 'b', x2: 0, y2: 1, from: hex(hue, 70, 28), to: hex(hue + 30, 60, 10) }),
    `<g font-family="${FONT}">`,
    // Status bar: clock, signal, battery.
    '<text x="32" y="34" font-size="15" font-weight="600" fill="#fff">9:41</text>',
    '<rect x="318" y="22" width="40" height="16" rx="4" fill="none" stroke="#fff" stroke-opacity=".8"/><rect x="321" y="25" width="28" height="10" rx="2" fill="#fff"/>',
    '<g fill="#fff"><rect x="280" y="30" width="4" height="8"/><rect x="287" y="26" width="4" height="12"/><rect x="294" y="22" width="4" height="16"/></g>',
    ...title.map(
      (line, i) =>
        `<text x="195" y="${title.length > 1 ? 100 + i * 36 : 118}" text-anchor="middle" font-size="${titleSize}" font-weight="800" fill="#fff">${escapeXml(line)}</text>`,
    ),
    body,
    `<rect x="24" y="716" width="342" height="${captionLines.length > 1 ? 86 : 60}" rx="20" fill="#000" fill-opacity=".35"/>`,
    ...captionLines.map(
      (line, i) =>
        `<text x="195" y="${(captionLines.length > 1 ? 752 : 753) + i * 28}" text-anchor="middle" font-size="19" font-weight="600" fill="#fff">${escapeXml(line)}</text>`,
    ),
    '<rect x="130" y="822" width="130" height="5" rx="2.5" fill="#fff" fill-opacity=".6"/>',
    '</g></svg>',
  ].join('');
}
