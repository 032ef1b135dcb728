// What one request costs in CPU, by process of the local server: the part of a page's time that
// is work rather than waiting, and which part of the stack does it. `wrangler dev` runs the store
// in processes of its own process group: wrangler itself (node), its proxy (a workerd holding the
// public port, which also passes every text/html answer through an HTMLRewriter for live reload)
// and the runtime (a workerd with the Worker, the assets layer and the local D1/R2/Cache). CPU time
// barely moves with the machine's load, where wall time does, so these figures say where a
// page's extra time goes even on a shared machine. Linux only (reads /proc).
import { readdirSync, readFileSync } from "node:fs";
import { timedFetch } from "./http.mjs";

const TICK_US = 10_000; // USER_HZ is 100 on Linux

/** The processes of process group `group`, each named by its part of the server. */
export function groupProcesses(group, port) {
  const found = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== group) continue;
      const command = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").join(" ");
      const role = !command.includes("workerd")
        ? command.includes("esbuild")
          ? null
          : "wrangler (node)"
        : command.includes(`entry=127.0.0.1:${port} `)
          ? "proxy (workerd)"
          : "runtime (workerd)";
      if (role) found.push({ pid: Number(entry), role });
    } catch {
      // the process ended while being read
    }
  }
  return found;
}

function ticksOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]); // utime + stime
  } catch {
    return 0;
  }
}

/**
 * For each target, `n` sequential requests (after a short warm-up) in `rounds` rounds taken in
 * turn: the CPU microseconds per request of each part of the server. null off Linux.
 */
export async function cpuPerRequest(targets, { group, port, n = 200, rounds = 3 }) {
  if (process.platform !== "linux") return null;
  const processes = groupProcesses(group, port);
  const roles = [...new Set(processes.map((process) => process.role))].sort();
  const totals = targets.map(() => Object.fromEntries(roles.map((role) => [role, 0])));
  for (let round = 0; round < rounds; round++) {
    for (const [index, target] of targets.entries()) {
      for (let warm = 0; warm < 5; warm++) await timedFetch(target.url);
      const before = processes.map((process) => ticksOf(process.pid));
      for (let request = 0; request < n; request++) await timedFetch(target.url);
      for (const [position, process] of processes.entries()) totals[index][process.role] += ticksOf(process.pid) - before[position];
    }
  }
  return targets.map((target, index) => {
    const byRole = Object.fromEntries(roles.map((role) => [role, (totals[index][role] * TICK_US) / (n * rounds)]));
    return { ...target, byRole, total: Object.values(byRole).reduce((sum, value) => sum + value, 0) };
  });
}
