// Renders the store's icon (public/favicon.svg) as the PNGs a home screen needs: iOS and AltStore
// show no SVG icon. Square and opaque (iOS rounds the corners itself and fills transparency with
// black). Run once after changing the icon: `node scripts/render-icons.mjs`; the PNGs are committed.
import { readFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import { chromium as options } from "../playwright.config.ts";

const SIZES = { "apple-touch-icon.png": 180, "icon-192.png": 192, "icon-512.png": 512 };
const svg = readFileSync(new URL("../public/favicon.svg", import.meta.url), "utf8").replace('rx="16" fill="url(#g)"', 'fill="url(#g)"');

const browser = await chromium.launch(options);
try {
  for (const [name, size] of Object.entries(SIZES)) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(`<style>html,body{margin:0}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`);
    await page.screenshot({ path: new URL(`../public/${name}`, import.meta.url).pathname, omitBackground: false });
    await page.close();
    console.log(`public/${name} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
