// GET /api/health: what a deploy (scripts/deploy.mjs) and an uptime monitor ask after a release.
// It runs before the start-up check (workers/index.ts), so it can say which part is down instead of
// the store's one "misconfigured" page: the settings, D1 (a read and a write), R2 and a wallet
// Durable Object.
import { getConfig } from "./platform/config";
import { errorText, logEvent } from "./lib/log";
import { cronLate } from "./owner/ops-alarms";
import { walletFor } from "./money/wallet/port";

type Check = "ok" | "failed";

async function check(part: string, probe: () => Promise<unknown>): Promise<Check> {
  try {
    await probe();
    return "ok";
  } catch (error) {
    logEvent("error", "health_check_failed", { part, error: errorText(error) });
    return "failed";
  }
}

/** `started`: the store's start-up (the configured admin exists), which needs the settings and D1. */
export async function health(env: Env, release: string, started: () => Promise<void>): Promise<Response> {
  const config = await check("config", async () => getConfig(env));
  let firstUser: number | null = null;
  const d1 = await check("d1", async () => {
    if (config === "ok") await started();
    firstUser = (await env.DB.prepare("SELECT id FROM users ORDER BY id LIMIT 1").first<{ id: number }>())?.id ?? null;
    // A write too: a full database (10 GB) still answers reads while it refuses every sign-in,
    // purchase and webhook.
    await env.DB.prepare("INSERT INTO ops_heartbeats (name, at) VALUES ('health', ?1) ON CONFLICT (name) DO UPDATE SET at = excluded.at").bind(Date.now()).run();
  });
  const r2 = await check("r2", () => env.FILES.head("health/probe"));
  // A wallet object is named by a user id; with no user yet there is none to ask.
  const wallet = firstUser === null ? "failed" : await check("wallet", () => walletFor(env, firstUser as number).ping());
  const checks = { config, d1, r2, wallet };
  const ok = Object.values(checks).every((state) => state === "ok");
  // A stopped cron is told to the owner (once per spell) but does not fail the release's check:
  // a new version does not stop the cron, and rolling back would not start it.
  const cron = d1 === "ok" ? ((await cronLate(env).catch(() => false)) ? "late" : "ok") : "unknown";
  return Response.json({ success: ok, data: { ...checks, cron, release } }, { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
