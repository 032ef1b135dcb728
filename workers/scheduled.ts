// The jobs of the cron trigger (docs/architecture.md#top-ups, docs/architecture.md#files). Each is safe to repeat or overlap: the
// statements are conditional, card settlement goes through the user's wallet, which settles a
// card once, a card is parked once, and an abandoned upload is removed by id.
import { and, asc, eq, isNull, lte, or } from "drizzle-orm";
import { getConfig } from "./platform/config";
import { getDb } from "./db/client";
import { errorText, logEvent } from "./lib/log";
import { cardTopups } from "./db/schema";
import { removeExpiredAuditEvents } from "./owner/audit";
import { PENDING_RECHECK_MS, recheckPendingCard } from "./money/cards";
import { recheckCryptoTopups } from "./money/crypto";
import { reencryptSecrets } from "./accounts/mfa";
import { deliverNotifications } from "./owner/notifications";
import { deliverStoreEvents, removeOldStoreEvents } from "./owner/store-events";
import { checkBalancesAgainstLedger, cronCompleted } from "./owner/ops-alarms";
import { cleanupAbandonedUploads } from "./catalogue/uploads";
import { sendBuyerMails } from "./licensing/buyer-mails";
import { expireKeys } from "./licensing/key-expiry";
import { expireVietqrTopups } from "./money/vietqr";

export type JobReport = {
  expiredTopups: number;
  expiredKeys: number;
  recheckedCards: number;
  parkedCards: number;
  recheckedCrypto: number;
  abandonedUploads: number;
  expiredAuditEvents: number;
  reencryptedSecrets: number;
  ledgerMismatches: number | null;
  notificationsSent: number;
  buyerMailsSent: number;
  storeEventsSent: number;
};

const CARDS_PER_RUN = 25;

export async function runScheduledJobs(env: Env, now: Date): Promise<JobReport> {
  const db = getDb(env.DB);
  const expiredTopups = await expireVietqrTopups(db, now);
  const expiredKeys = await expireKeys(env.DB, now.getTime());

  // Pending cards due for a re-check. A card is never failed for want of an answer: it is asked
  // again with backoff, then parked for an admin (recheckPendingCard). A parked card has no
  // next_check_at and at least one attempt; a card from before next_check_at existed has neither.
  const config = getConfig(env);
  const dueCards = config.CARD_GATEWAY_URL
    ? await db
        .select()
        .from(cardTopups)
        .where(
          and(
            eq(cardTopups.status, "pending"),
            or(lte(cardTopups.nextCheckAt, now), and(isNull(cardTopups.nextCheckAt), eq(cardTopups.checkAttempts, 0), lte(cardTopups.createdAt, new Date(now.getTime() - PENDING_RECHECK_MS)))),
          ),
        )
        .orderBy(asc(cardTopups.nextCheckAt), asc(cardTopups.id))
        .limit(CARDS_PER_RUN)
    : [];
  let parkedCards = 0;
  for (const card of dueCards) {
    try {
      if ((await recheckPendingCard(env, config, card, now.getTime())) === "parked") parkedCards += 1;
    } catch (error) {
      // One card's failure (its wallet, D1) must not stop the others; it stays due.
      logEvent("error", "card_recheck_failed", { card_id: card.id, error: errorText(error) });
    }
  }
  // Crypto top-ups whose notification has not come: read back, settled or expired by the gateway's answer.
  const recheckedCrypto = await recheckCryptoTopups(env, config, now.getTime()).catch((error) => {
    logEvent("error", "crypto_recheck_failed", { error: errorText(error) });
    return 0;
  });
  const abandonedUploads = await cleanupAbandonedUploads(env, db, now);
  const expiredAuditEvents = await removeExpiredAuditEvents(env.DB, config.AUDIT_RETENTION_DAYS, now);
  // A rotation of MFA_ENCRYPTION_KEY finishes here, a few secrets a minute.
  const reencryptedSecrets = await reencryptSecrets(db, config);
  // Once an hour: every balance against its ledger (a full pass over users).
  const ledgerMismatches = now.getUTCMinutes() === 0 ? (await checkBalancesAgainstLedger(env, now.getTime())).length : null;
  // Expiry reminders and update notices, one batch a run; a mail outage must not stop the jobs.
  const buyerMails = await sendBuyerMails(env, db, now).catch((error) => {
    logEvent("error", "buyer_mails_unsent", { error: errorText(error) });
    return { sent: 0 };
  });
  // Last, so the cards parked above are told too; a Telegram outage must not stop the jobs.
  const notifications = await deliverNotifications(env, now.getTime()).catch((error) => {
    logEvent("error", "notifications_undelivered", { error: errorText(error) });
    return { sent: 0 };
  });
  // The shop's webhook (workers/owner/store-events.ts); a receiver's outage must not stop the jobs.
  const storeEvents = await deliverStoreEvents(env, now.getTime()).catch((error) => {
    logEvent("error", "store_events_undelivered", { error: errorText(error) });
    return { sent: 0 };
  });
  await removeOldStoreEvents(env.DB, now.getTime());
  // Last: only a run that got here counts as the cron being alive (health reads it).
  await cronCompleted(env, now.getTime());
  return { expiredTopups, expiredKeys, recheckedCards: dueCards.length, parkedCards, recheckedCrypto, abandonedUploads, expiredAuditEvents, reencryptedSecrets, ledgerMismatches, notificationsSent: notifications.sent, buyerMailsSent: buyerMails.sent, storeEventsSent: storeEvents.sent };
}
