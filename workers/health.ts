// GET /api/health: what an uptime monitor and a deploy (scripts/deploy.mjs) ask. It runs before
// the start-up check (workers/index.ts), so it can say which part is down instead of the store's
// one "misconfigured" page: the settings, D1 (a read and a write), R2, a wallet Durable Object,
// and the cron (its last completed run, its failures in a row). Any failing part answers 503.
// A stranger learns only up or down, from an answer a few seconds old, and a limited number of
// times a minute; the parts and the release go to a bearer of HEALTH_TOKEN or a signed-in admin
// (docs/operations.md, "Health").
import { timingSafeEqual } from "node:crypto";
import { DEVELOPMENT_VALUE, getConfig } from "./platform/config";
import { errorText, logEvent } from "./lib/log";
import { type CronState, partsObserved, probeDatabase } from "./owner/ops-alarms";
import type { Found } from "./owner/ops-watch";
import { walletFor } from "./money/wallet/port";
import { getDb } from "./db/client";
import { bearerSession } from "./accounts/require-user";
import { adminRefusal } from "./accounts/require-admin";
import { MESSAGES } from "./platform/http/api-errors";
import { refusalResponse } from "./platform/http/refusals";
import { addressKey } from "./platform/http/validate";

type Check = "ok" | "failed";
type Report = { ok: boolean; data: { config: Check; d1: Check; r2: Check; wallet: Check; cron: CronState; release: string } };

/** A stranger's answer is this old at most: a flood of asks probes the store once per isolate a few seconds. */
const PUBLIC_ANSWER_MS = 5_000;
/** A stranger's asks per address and minute (in this isolate; memory, because D1 may be the part that is down). */
const PUBLIC_ASKS_PER_MINUTE = 30;
const TOO_MANY = MESSAGES.tooManyRequests;

const publicAnswers = new WeakMap<object, { at: number; ok: Promise<boolean> }>();
let askWindow = { minute: 0, counts: new Map<string, number>() };

/** A part's probe: ok, or what failed (logged, and told to OpsWatch as its cause). */
async function check(part: string, probe: () => Promise<unknown>): Promise<Found> {
  try {
    await probe();
    return null;
  } catch (error) {
    return failed(part, errorText(error));
  }
}

function failed(part: string, detail: string): Found {
  logEvent("error", "health_check_failed", { part, error: detail });
  return { detail };
}

const state = (...found: Found[]): Check => (found.every((part) => part === null) ? "ok" : "failed");

/**
 * Every part, probed now, and told to OpsWatch (ops-alarms.ts), which alarms the owner when one
 * has failed for a minute and when it recovers, without D1. `started`: the store's start-up (the
 * configured admin exists), which needs the settings and D1.
 */
async function probe(env: Env, release: string, started: () => Promise<void>): Promise<Report> {
  const config = await check("config", async () => getConfig(env));
  // A write too: a full database (10 GB) still answers reads while it refuses every sign-in,
  // purchase and webhook. Each is its own cause, so the owner reads which.
  const database = await probeDatabase(env, async () => (config === null ? started() : undefined));
  for (const [part, found] of Object.entries(database)) if (found) failed(part, found.detail);
  const firstUser = database["d1-read"] === null ? ((await env.DB.prepare("SELECT id FROM users ORDER BY id LIMIT 1").first<{ id: number }>().catch(() => null))?.id ?? null) : null;
  const r2 = await check("r2", () => env.FILES.head("health/probe"));
  // A wallet object is named by a user id; with no user yet (or no D1 to find one) there is none to ask.
  const wallet = firstUser === null ? undefined : await check("wallet", () => walletFor(env, firstUser as number).ping());
  // Judged by OpsWatch, not D1: told even while D1 refuses reads and writes.
  const cron = await partsObserved(env, { config, ...database, r2, ...(wallet === undefined ? {} : { wallet }) });
  const parts = { config: state(config), d1: state(database["d1-read"], database["d1-write"]), r2: state(r2), wallet: wallet === undefined ? "failed" : state(wallet) } satisfies Record<string, Check>;
  const ok = Object.values(parts).every((part) => part === "ok") && cron === "ok";
  return { ok, data: { ...parts, cron, release } };
}

function sameSecret(sent: string, expected: string): boolean {
  const left = new TextEncoder().encode(sent);
  const right = new TextEncoder().encode(expected);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * HEALTH_TOKEN as the bearer, or a signed-in admin's access token (read from D1, so not during its
 * outage). The token is read as set, not through the settings' check: a store with broken settings
 * is when the operator needs the details most (a development value is refused in production).
 */
async function mayReadDetails(request: Request, env: Env): Promise<boolean> {
  const header = request.headers.get("Authorization");
  if (!header) return false;
  const expected = typeof env.HEALTH_TOKEN === "string" ? env.HEALTH_TOKEN.trim() : "";
  const usable = expected.length >= 32 && !(env.APP_ENV === "production" && DEVELOPMENT_VALUE.test(expected));
  const sent = /^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? "";
  if (usable && sameSecret(sent, expected)) return true;
  try {
    const config = getConfig(env);
    const session = await bearerSession(getDb(env.DB), config.JWT_SECRET, header);
    return session !== null && adminRefusal(session.user, session.secondFactor, config) === null;
  } catch {
    return false;
  }
}

/** Counts a stranger's ask; false past the minute's allowance. */
function allowStranger(request: Request, now: number): boolean {
  const minute = Math.floor(now / 60_000);
  if (askWindow.minute !== minute) askWindow = { minute, counts: new Map() };
  const address = addressKey(request.headers.get("CF-Connecting-IP") ?? "local");
  const count = (askWindow.counts.get(address) ?? 0) + 1;
  askWindow.counts.set(address, count);
  return count <= PUBLIC_ASKS_PER_MINUTE;
}

export async function health(request: Request, env: Env, release: string, started: () => Promise<void>, now = Date.now()): Promise<Response> {
  if (await mayReadDetails(request, env)) {
    const report = await probe(env, release, started);
    return Response.json({ success: report.ok, data: report.data }, { status: report.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
  }
  if (!allowStranger(request, now)) {
    return refusalResponse(request, 429, TOO_MANY, { "Retry-After": "60", "Cache-Control": "no-store" });
  }
  let answer = publicAnswers.get(env);
  if (!answer || now - answer.at >= PUBLIC_ANSWER_MS) {
    answer = { at: now, ok: probe(env, release, started).then((report) => report.ok) };
    publicAnswers.set(env, answer);
  }
  const ok = await answer.ok;
  return Response.json({ success: ok }, { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
