import { aliases } from "./scripts/aliases.mjs";
import { sharedChunks } from "./scripts/chunks.mjs";
import { englishRoutes } from "./app/i18n/english-routes";
import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Rollup } from "vite";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * app/root.tsx and every module it reaches through static imports: what every page loads. Root
 * itself is in it too; Remix's route entry for root stays a separate re-export of a few bytes.
 */
function shellOf(rootId: string, getModuleInfo: Rollup.GetModuleInfo): Set<string> {
  const shell = new Set<string>();
  const todo = [rootId];
  for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
    if (shell.has(id)) continue;
    shell.add(id);
    todo.push(...(getModuleInfo(id)?.importedIds ?? []));
  }
  return shell;
}

/**
 * The browser build puts what every page loads (React, Remix, the header, the session and the API
 * client) in one "shell" chunk instead of a dozen small ones: fewer requests, and one gzip stream
 * compresses better (decision 0021). Modules several pages share are grouped by their folder and
 * the pages that load them (scripts/chunks.mjs, decision 0071). Route code still splits per route.
 */
function shellChunk(): Rollup.GetManualChunk {
  let shell: Set<string> | null = null;
  const sharedChunkOf = sharedChunks();
  return (id, meta) => {
    const { getModuleIds, getModuleInfo } = meta;
    if (!shell) {
      const rootId = [...getModuleIds()].find((module) => module.endsWith("/app/root.tsx"));
      if (!rootId) return undefined;
      shell = shellOf(rootId, getModuleInfo);
    }
    return shell.has(id) ? "shell" : sharedChunkOf(id, meta);
  };
}

// Built once, then served by `wrangler dev` / the deployed Worker (workers/index.ts).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tailwindcss(),
    remix({
      routes: englishRoutes,
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
  resolve: { alias: aliases() },
  ssr: { target: "webworker", resolve: { conditions: ["workerd", "worker", "browser"] } },
  build: {
    // The server build is one file (manual chunks do not apply there).
    rollupOptions: isSsrBuild ? {} : { output: { manualChunks: shellChunk() } },
    // Terser with three passes: a few KB less than esbuild's minifier on every page (issue #9's budget).
    // No Safari 10 workarounds (Vite turns them on): the build's target is Safari 14 and newer.
    // pure_getters, in the browser build only: a property read has no side effect and does not
    // throw, so an unused read goes and reads may move (about 530 B a page; decision 0043 says what
    // it assumes). The server build, which carries no bytes to a phone, keeps terser's default.
    minify: "terser",
    terserOptions: { safari10: false, ecma: 2020, module: true, toplevel: true, compress: { passes: 3, pure_getters: isSsrBuild ? "strict" : true }, format: { comments: false } },
  },
}));
