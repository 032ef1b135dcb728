// The floor Worker of `npm run bench` (scripts/bench/floor-worker.js): served by its own `wrangler
// dev` on BENCH_FLOOR_PORT, with the store's compatibility settings and the same static files, so
// that a request reaches it through the same proxy, asset router and runtime as one to the store.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "smol-toml";
import { projectRoot } from "../lib.mjs";

/** Headers that belong to one transfer, not to the answer: the floor sends its body as it is. */
const TRANSFER_HEADERS = new Set(["content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive", "date"]);

/** Starts the floor Worker on `port`; resolves with its origin and a stop function once it answers. */
export async function startFloor({ port, log }) {
  const store = parse(readFileSync(join(projectRoot, "wrangler.toml"), "utf8"));
  const dir = join(projectRoot, ".wrangler", "bench-floor");
  mkdirSync(dir, { recursive: true });
  const config = join(dir, "wrangler.json");
  writeFileSync(
    config,
    JSON.stringify({
      name: "bench-floor",
      main: join(projectRoot, "scripts", "bench", "floor-worker.js"),
      compatibility_date: store.compatibility_date,
      compatibility_flags: store.compatibility_flags,
      assets: { directory: join(projectRoot, store.assets.directory), binding: "ASSETS" },
      // An empty local database: the floor's answers with `read` reach it once (floor-worker.js).
      d1_databases: [{ binding: "DB", database_name: "bench-floor", database_id: "bench-floor" }],
    }),
  );
  const child = spawn("wrangler", ["dev", "-c", config, "--ip", "127.0.0.1", "--port", String(port), "--persist-to", join(dir, "state"), "--show-interactive-dev-session=false"], {
    cwd: projectRoot,
    stdio: ["ignore", log, log],
    env: { CLOUDFLARE_CF_FETCH_ENABLED: "false", ...process.env },
    detached: true,
  });
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      return;
    }
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  };
  for (let attempt = 0; attempt < 240; attempt++) {
    try {
      const response = await fetch(`${origin}/__floor/ready`);
      await response.arrayBuffer();
      if (response.status === 404) return { origin, stop, pid: child.pid };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error(`the floor Worker did not answer on ${origin}`);
}

/**
 * The store's answer to `init` at `url` as the floor will send it at `floorUrl`: the same status,
 * headers and bytes; `read`: after one D1 read (floor-worker.js).
 */
export async function captureAnswer(url, floorUrl, init = {}, { read = false } = {}) {
  const response = await fetch(url, init);
  const body = new Uint8Array(await response.arrayBuffer());
  const headers = [...response.headers].filter(([name]) => !TRANSFER_HEADERS.has(name));
  return { method: init.method ?? "GET", url: floorUrl, status: response.status, headers, body: Buffer.from(body).toString("base64"), bytes: body.byteLength, read };
}

/** Loads answers into the floor Worker. */
export async function loadFloor(origin, answers) {
  const response = await fetch(`${origin}/__floor/answers`, { method: "PUT", body: JSON.stringify(answers) });
  if (response.status !== 204) throw new Error(`the floor Worker refused its answers: ${response.status}`);
}
