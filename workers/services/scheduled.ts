// The jobs of the cron trigger (DESIGN.md §4, §5). Each is safe to repeat or overlap: the
// statements are conditional, card settlement goes through the user's wallet, which settles a
// card once, and an abandoned upload is removed by id.
import { and, asc, eq, isNotNull, lte } from "drizzle-orm";
import { getConfig } from "../config";
import { getDb } from "../db/client";
import { cardTopups, licenseKeys, vietqrTopups } from "../db/schema";
import { walletFor } from "../wallet/user-wallet";
import { applyGatewayAnswer, maskCode, PENDING_RECHECK_MS, recheckCard } from "./cards";
import { cleanupAbandonedUploads } from "./uploads";

export type JobReport = { expiredTopups: number; expiredKeys: number; recheckedCards: number; failedCards: number; abandonedUploads: number };

const CARDS_PER_RUN = 25;

export async function runScheduledJobs(env: Env, now: Date): Promise<JobReport> {
  const db = getDb(env.DB);
  const [topups, keys] = await db.batch([
    db
      .update(vietqrTopups)
      .set({ status: "expired", updatedAt: now })
      .where(and(eq(vietqrTopups.status, "pending"), lte(vietqrTopups.expiresAt, now)))
      .returning({ id: vietqrTopups.id }),
    db
      .update(licenseKeys)
      .set({ status: "expired", updatedAt: now })
      .where(and(eq(licenseKeys.status, "used"), isNotNull(licenseKeys.expiresAt), lte(licenseKeys.expiresAt, now)))
      .returning({ id: licenseKeys.id }),
  ]);

  // Cards pending for more than 10 minutes: ask the gateway once more, then give up on them.
  const config = getConfig(env);
  const stale = await db
    .select()
    .from(cardTopups)
    .where(and(eq(cardTopups.status, "pending"), lte(cardTopups.createdAt, new Date(now.getTime() - PENDING_RECHECK_MS))))
    .orderBy(asc(cardTopups.id))
    .limit(CARDS_PER_RUN);
  let failedCards = 0;
  for (const card of stale) {
    let status: string = "pending";
    try {
      if (config.CARD_GATEWAY_URL) status = await applyGatewayAnswer(env, config, card, await recheckCard(config, card));
    } catch (error) {
      console.error(`Card ${card.id} re-check failed`, error);
    }
    if (status === "pending") {
      await walletFor(env, card.userId).settleCard(card.userId, {
        cardId: card.id,
        status: "failed",
        amount: 0,
        realValue: null,
        gatewayStatus: card.gatewayStatus ?? 99,
        message: "Quá thời gian xử lý thẻ",
        maskedCode: maskCode(card.cardCode),
        reference: `card:${card.requestId}`,
      });
      failedCards += 1;
    }
  }
  const abandonedUploads = await cleanupAbandonedUploads(env, db, now);
  return { expiredTopups: topups.length, expiredKeys: keys.length, recheckedCards: stale.length, failedCards, abandonedUploads };
}
