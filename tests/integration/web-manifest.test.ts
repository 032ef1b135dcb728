// The store on a home screen (issue #18): a web app manifest under the store's name, PNG icons
// and the meta tags iOS reads, in every page's HTML.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { request } from "../factories";

describe("add to home screen", () => {
  it("serves the manifest with the store's name and PNG icons only", async () => {
    const response = await request("/manifest.webmanifest");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/manifest+json");
    const manifest = (await response.json()) as { name: string; short_name: string; start_url: string; display: string; icons: { src: string; type: string; sizes: string }[] };
    expect(manifest).toMatchObject({ name: env.SITE_NAME, short_name: env.SITE_NAME, start_url: "/", display: "standalone" });
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(["180x180", "192x192", "512x512"]));
    for (const icon of manifest.icons) expect(icon).toMatchObject({ type: "image/png", src: expect.stringMatching(/^\/[\w-]+\.png$/) });
  });

  it("links the manifest and the touch icon and names the app in the page's head", async () => {
    const html = await (await request("/", { headers: { Accept: "text/html" } })).text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toMatch(/<link rel="apple-touch-icon" href="\/apple-touch-icon.png" sizes="180x180"\/>/);
    expect(head).toMatch(/<link rel="manifest" href="\/manifest.webmanifest"\/>/);
    expect(head).toContain(`<meta name="apple-mobile-web-app-title" content="${env.SITE_NAME}"/>`);
    expect(head).toContain('<meta name="apple-mobile-web-app-capable" content="yes"/>');
  });
});
