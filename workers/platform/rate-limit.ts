// Exact fixed-window counters in D1 (the Rate Limiting binding is only approximate).
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rateLimits } from "../db/schema";

export type Limit = { name: string; max: number; windowMs: number };

export const LIMITS = {
  // Generous per address (many buyers share one behind CGNAT); the per-account limit stops guessing.
  loginPerAddress: { name: "login-ip", max: 60, windowMs: 15 * 60_000 },
  // Counts wrong passwords only: the 11th try on one account within 15 minutes is refused.
  // Password checks per account (counted before the check, cleared by a success): the 11th
  // within 15 minutes is refused unchecked.
  loginFailuresPerAccount: { name: "login-account", max: 10, windowMs: 15 * 60_000 },
  // The same, for a login that presents a known device token instead (docs/architecture.md#trust-rules).
  loginFailuresPerDevice: { name: "login-device", max: 10, windowMs: 15 * 60_000 },
  // Wrong current passwords on change-password, per account.
  currentPasswordPerAccount: { name: "current-password", max: 5, windowMs: 15 * 60_000 },
  availabilityPerAddress: { name: "availability-ip", max: 60, windowMs: 60_000 },
  // Mobile carriers put many buyers behind one address (CGNAT): keep this generous.
  registerPerAddress: { name: "register-ip", max: 30, windowMs: 60 * 60_000 },
  forgotPerAddress: { name: "forgot-ip", max: 10, windowMs: 60 * 60_000 },
  forgotPerEmail: { name: "forgot-email", max: 3, windowMs: 60 * 60_000 },
  resetPerAddress: { name: "reset-ip", max: 30, windowMs: 15 * 60_000 },
  googlePerAddress: { name: "google-ip", max: 30, windowMs: 15 * 60_000 },
  // Second-factor codes checked per account (counted before the check, cleared by a success):
  // with 5 a sign-in token, a stolen password buys at most 10 guesses of a code in 15 minutes.
  mfaCodesPerAccount: { name: "mfa-account", max: 10, windowMs: 15 * 60_000 },
  // Live-wallet tickets per account: a tab asks for one as it opens and as its socket comes back
  // (backoff up to 30 s), so a person never meets it; minting without end is refused.
  liveTicketsPerAccount: { name: "live-ticket", max: 60, windowMs: 10 * 60_000 },
  // Promotion codes checked (the dialogs' preview, a top-up carrying one), like sign-ins: per
  // account counted before the check and cleared by a right code, and generously per address.
  promotionCodesPerAccount: { name: "promo-code-account", max: 20, windowMs: 15 * 60_000 },
  promotionCodesPerAddress: { name: "promo-code-ip", max: 60, windowMs: 15 * 60_000 },
  // Trial claims (workers/licensing/trials.ts): a buyer claims once per app, so a few a minute is
  // plenty; per address, generous (CGNAT), it slows farming with new accounts.
  trialClaimsPerAccount: { name: "trial-account", max: 10, windowMs: 10 * 60_000 },
  trialClaimsPerAddress: { name: "trial-ip", max: 30, windowMs: 10 * 60_000 },
} satisfies Record<string, Limit>;

export type LimitState = { allowed: boolean; retryAfterSeconds: number };

function key(limit: Limit, subject: string): string {
  return `${limit.name}:${subject.toLowerCase()}`;
}

/** Counts one event; refused once more than `max` fall in the current window. */
export async function hit(db: Database, limit: Limit, subject: string, now = Date.now()): Promise<LimitState> {
  const [row] = await countEvent(db, limit, subject, now, { upToMax: false });
  return state(limit, row.count, row.windowStart.getTime(), now);
}

/**
 * Takes one of the window's `max` attempts, or none. The counter never passes `max`, so it counts
 * exactly the attempts let through: parallel requests cannot all pass a read-then-count.
 */
export async function claim(db: Database, limit: Limit, subject: string, now = Date.now()): Promise<LimitState> {
  const taken = await countEvent(db, limit, subject, now, { upToMax: true });
  if (taken.length > 0) return { allowed: true, retryAfterSeconds: 0 };
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key(limit, subject))).limit(1);
  return state(limit, limit.max + 1, row ? row.windowStart.getTime() : now, now);
}

/**
 * One upsert adds the event to the current window, or opens a new window when the old one has
 * passed. With `upToMax` a full window is left untouched and no row comes back.
 */
function countEvent(db: Database, limit: Limit, subject: string, now: number, { upToMax }: { upToMax: boolean }) {
  const windowOpenedBefore = now - limit.windowMs;
  return db
    .insert(rateLimits)
    .values({ key: key(limit, subject), windowStart: new Date(now), count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= ${windowOpenedBefore} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${windowOpenedBefore} then ${now} else ${rateLimits.windowStart} end`,
      },
      setWhere: upToMax
        ? sql`${rateLimits.windowStart} <= ${windowOpenedBefore} or ${rateLimits.count} < ${limit.max}`
        : undefined,
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
}

export async function clear(db: Database, limit: Limit, subject: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key(limit, subject)));
}

function state(limit: Limit, count: number, windowStart: number, now: number): LimitState {
  const allowed = count <= limit.max;
  return { allowed, retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((windowStart + limit.windowMs - now) / 1000)) };
}
