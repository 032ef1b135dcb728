// The runtime's own address under `wrangler dev`. The workerd that runs the Worker and the assets
// layer listens on a loopback port of its own; wrangler's proxy holds the public port in front of
// it and passes every text/html answer through an HTMLRewriter for its live-reload script. A
// deployed Worker has no such proxy, so the bench also measures the pages and the static file at
// the runtime, with the public URL in MF-Original-URL as the proxy sends it: which part of a
// page's distance to the static file the proxy makes, and which the runtime.
// Linux only (reads /proc).
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { groupProcesses } from "./cpu-cost.mjs";

/** Loopback ports on which processes `pids` listen (IPv4, from /proc/net/tcp). */
function listeningPorts(pids) {
  const sockets = new Set();
  for (const pid of pids) {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
        if (inode) sockets.add(inode);
      } catch {
        // the descriptor closed while being read
      }
    }
  }
  const ports = [];
  for (const line of readFileSync("/proc/net/tcp", "utf8").split("\n").slice(1)) {
    const fields = line.trim().split(/\s+/);
    // fields: sl, local address, remote address, state (0A = LISTEN), …, inode (the tenth)
    if (fields[3] === "0A" && sockets.has(fields[9])) ports.push(Number.parseInt(fields[1].split(":")[1], 16));
  }
  return ports;
}

/** The header that tells the runtime which public URL a request was for. */
export function publicUrlHeader(publicUrl) {
  return { "MF-Original-URL": publicUrl };
}

/**
 * The origin at which the runtime of the server in process group `group` answers `probePath`
 * exactly as the public `origin` does, or null (not Linux, or no such port).
 */
export async function runtimeOrigin({ group, port, origin, probePath }) {
  if (process.platform !== "linux") return null;
  const runtime = groupProcesses(group, port).filter((entry) => entry.role === "runtime (workerd)");
  const expected = await (await fetch(`${origin}${probePath}`)).text();
  for (const candidate of listeningPorts(runtime.map((entry) => entry.pid))) {
    if (candidate === port) continue;
    try {
      const response = await fetch(`http://127.0.0.1:${candidate}${probePath}`, { headers: publicUrlHeader(`${origin}${probePath}`), signal: AbortSignal.timeout(2000) });
      if (response.status === 200 && (await response.text()) === expected) return `http://127.0.0.1:${candidate}`;
    } catch {
      // not an HTTP server of the Worker (the runtime's inspector or a binding's socket)
    }
  }
  return null;
}
