import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

// Built once, then served by `wrangler dev` / the deployed Worker (workers/index.ts).
export default defineConfig({
  plugins: [
    tailwindcss(),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  ssr: { target: "webworker", resolve: { conditions: ["workerd", "worker", "browser"] } },
  // Terser with two passes: a few KB less than esbuild's minifier on every page (issue #9's budget).
  build: { minify: "terser", terserOptions: { compress: { passes: 2 }, format: { comments: false } } },
});
