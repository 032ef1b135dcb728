// The web app manifest (/manifest.webmanifest): the store added to a home screen opens as itself,
// under its configured name (SITE_NAME), with the PNG icons rendered by scripts/render-icons.mjs.

const BACKGROUND = "#09090b"; // the pages' background and theme-color (app/root.tsx)

export function webManifest(siteName: string): Response {
  const manifest = {
    name: siteName,
    short_name: siteName,
    description: "Ứng dụng và game mod cho iOS: IPA, TestFlight, TIPA và tweak DEB.",
    lang: "vi",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: BACKGROUND,
    theme_color: BACKGROUND,
    icons: [
      { src: "/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      // The glyph sits inside the maskable safe circle, so the same square serves a masked icon.
      { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      { src: "/apple-touch-icon.png", sizes: "180x180", type: "image/png" },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
