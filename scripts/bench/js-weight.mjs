// The JavaScript a page makes the browser load before it is interactive: every <script src>,
// every <link rel="modulepreload">, the modules the inline scripts import, and what those import
// in turn (static imports only; routes loaded later on navigation are not counted; an English
// page's words are its layout route's, app/i18n/english-pages.tsx). Sizes are
// gzipped here (zlib's default level 6), as a server or CDN would send them; brotli (which
// Cloudflare prefers when the browser accepts it) is given for comparison.
import { brotliCompressSync, gzipSync } from "node:zlib";
import { staticImports } from "./build-weight.mjs";

function attributes(tag) {
  return Object.fromEntries([...tag.matchAll(/([a-zA-Z-]+)\s*=\s*"([^"]*)"/g)].map((match) => [match[1].toLowerCase(), match[2]]));
}

export async function pageJavaScript(origin, path) {
  const pageUrl = new URL(path, origin);
  const response = await fetch(pageUrl);
  const html = await response.text();
  const queue = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = attributes(match[1]);
    if (attrs.src) queue.push(new URL(attrs.src, pageUrl).href);
    else queue.push(...staticImports(match[2]).map((specifier) => new URL(specifier, pageUrl).href));
  }
  for (const match of html.matchAll(/<link\b([^>]*)>/gi)) {
    const attrs = attributes(match[1]);
    if (attrs.rel === "modulepreload" && attrs.href) queue.push(new URL(attrs.href, pageUrl).href);
  }
  const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((match) => match[1]).join("\n");

  const files = new Map();
  while (queue.length) {
    const url = queue.shift();
    if (files.has(url) || new URL(url).origin !== pageUrl.origin) continue;
    const file = await fetch(url);
    const code = await file.text();
    const bytes = Buffer.byteLength(code);
    files.set(url, { path: new URL(url).pathname, status: file.status, bytes, gzip: gzipSync(code).byteLength, brotli: brotliCompressSync(code).byteLength });
    queue.push(...staticImports(code).map((specifier) => new URL(specifier, url).href));
  }
  const list = [...files.values()].sort((a, b) => b.gzip - a.gzip);
  return {
    path,
    status: response.status,
    htmlBytes: Buffer.byteLength(html),
    htmlGzip: gzipSync(html).byteLength,
    files: list,
    bytes: list.reduce((sum, file) => sum + file.bytes, 0),
    gzip: list.reduce((sum, file) => sum + file.gzip, 0),
    brotli: list.reduce((sum, file) => sum + file.brotli, 0),
    inlineBytes: Buffer.byteLength(inline),
    inlineGzip: gzipSync(inline).byteLength,
  };
}
