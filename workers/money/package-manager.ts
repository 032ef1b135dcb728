// Buying inside Sileo and Zebra (docs/product.md, "Buying in Sileo and Zebra"; decision 0054): a
// package's price and state for a signed-in phone, the purchase from the wallet with the key bound
// to that phone, the store's checkout page for what cannot be bought at once, and the single-use
// download links. Every purchase goes through the buyer's wallet object (walletFor), one at a time
// per buyer, each under an idempotency key derived here so that a retry, two taps or two phones
// of one account buying at once are one sale.
import { and, desc, eq, gt, inArray, isNull, or } from "drizzle-orm";
import type { Database } from "../db/client";
import { type apps, licenseKeys, orders, packageManagerLinks } from "../db/schema";
import { randomToken, sha256Hex } from "../platform/crypto";
import { listAppPricing, type PublicPricing } from "../licensing/keys";
import { pricingTerms } from "../owner/store-settings";
import { formatVND as formatVndEn } from "../shared/format-en";
import { formatVND } from "../shared/format";
import type { Lang } from "../shared/lang";
import type { Message } from "../shared/message";
import { walletSnapshot } from "./wallet/reads";
import { walletFor } from "./wallet/port";
import { PACKAGE_MANAGER_MESSAGES as SAYS, WALLET_MESSAGES } from "./messages";

type AppRow = typeof apps.$inferSelect;

/** A download link lives two minutes; the checkout page's, thirty. */
const DOWNLOAD_LINK_MS = 2 * 60 * 1000;
const CHECKOUT_LINK_MS = 30 * 60 * 1000;

/** The sale statuses of the protocol: bought at once, the buyer must act on a page, refused. */
const BOUGHT = 0;
const ACTION_REQUIRED = 1;
const REFUSED = -1;

/** Whether the buyer holds a key of the app that still works: sold or in use, not banned, not expired. */
async function ownsActiveKey(db: Database, userId: number, appId: number, now = Date.now()): Promise<boolean> {
  const [row] = await db
    .select({ id: licenseKeys.id })
    .from(licenseKeys)
    .where(
      and(
        eq(licenseKeys.soldToUserId, userId),
        eq(licenseKeys.appId, appId),
        inArray(licenseKeys.status, ["sold", "used"]),
        isNull(licenseKeys.bannedAt),
        or(isNull(licenseKeys.expiresAt), gt(licenseKeys.expiresAt, new Date(now))),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The ids of the apps the buyer holds a working key for. */
export async function ownedAppIds(db: Database, userId: number, now = Date.now()): Promise<Set<number>> {
  const rows = await db
    .selectDistinct({ appId: licenseKeys.appId })
    .from(licenseKeys)
    .where(
      and(
        eq(licenseKeys.soldToUserId, userId),
        inArray(licenseKeys.status, ["sold", "used"]),
        isNull(licenseKeys.bannedAt),
        or(isNull(licenseKeys.expiresAt), gt(licenseKeys.expiresAt, new Date(now))),
      ),
    );
  return new Set(rows.map((row) => row.appId));
}

/** The app's key pricings as the buyer sees them (licensing/keys.ts), with the rate in force. */
async function pricingsOf(env: Env, db: Database, appId: number): Promise<PublicPricing[]> {
  return listAppPricing(db, appId, await pricingTerms(env.DB, env));
}

/** "từ 20.000 ₫" / "from 20,000 ₫": the cheapest key on sale now. */
function priceText(pricings: PublicPricing[], lang: Lang): string | null {
  const cheapest = pricings.filter((pricing) => pricing.can_purchase && pricing.vnd_price !== null).sort((a, b) => a.vnd_price! - b.vnd_price!)[0];
  if (!cheapest) return null;
  const amount = lang === "en" ? formatVndEn(cheapest.vnd_price!) : formatVND(cheapest.vnd_price!);
  return SAYS.priceFrom(amount).in(lang);
}

/** `POST package/{id}/info`: the price, whether the buyer owns a working key, whether it is on sale. */
export async function packageInfo(env: Env, db: Database, app: AppRow, userId: number | null, lang: Lang) {
  const pricings = await pricingsOf(env, db, app.id);
  const price = priceText(pricings, lang);
  return { price: price ?? "", purchased: userId !== null && (await ownsActiveKey(db, userId, app.id)), available: price !== null };
}

/** A new single-use link of `kind` for the buyer's phone; its token is said once, kept hashed. */
async function issueLink(db: Database, kind: "download" | "checkout", userId: number, appId: number, udid: string, now = Date.now()): Promise<string> {
  const token = randomToken();
  await db.insert(packageManagerLinks).values({
    kind,
    tokenHash: await sha256Hex(token),
    userId,
    appId,
    udid,
    expiresAt: new Date(now + (kind === "download" ? DOWNLOAD_LINK_MS : CHECKOUT_LINK_MS)),
    createdAt: new Date(now),
  });
  return token;
}

/** A download link for a buyer who owns a working key of the app; null when they do not. */
export async function authorizeDownload(db: Database, userId: number, app: AppRow, udid: string): Promise<string | null> {
  if (!(await ownsActiveKey(db, userId, app.id))) return null;
  return issueLink(db, "download", userId, app.id, udid);
}

/** Spends a download link: its app once, within its two minutes; null when used, expired or unknown. */
export async function spendDownloadLink(db: Database, token: string, now = Date.now()): Promise<number | null> {
  const [row] = await db
    .update(packageManagerLinks)
    .set({ usedAt: new Date(now) })
    .where(
      and(
        eq(packageManagerLinks.tokenHash, await sha256Hex(token)),
        eq(packageManagerLinks.kind, "download"),
        isNull(packageManagerLinks.usedAt),
        gt(packageManagerLinks.expiresAt, new Date(now)),
      ),
    )
    .returning({ appId: packageManagerLinks.appId });
  return row?.appId ?? null;
}

export type PhonePurchase = { status: typeof BOUGHT } | { status: typeof ACTION_REQUIRED; url: string } | { status: typeof REFUSED; error: Message };

/** The buyer's latest order of the app (0: none): the purchase's idempotency key is made of it. */
async function latestOrderId(db: Database, userId: number, appId: number): Promise<number> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.userId, userId), eq(orders.appId, appId))).orderBy(desc(orders.id)).limit(1);
  return row?.id ?? 0;
}

/**
 * `POST package/{id}/purchase`. A buyer who already holds a working key has it (status 0, nothing
 * charged). With the account's payment secret, the shop's key type for the package manager on sale
 * and a balance that covers it, the key is bought at once and bound to the phone; otherwise the
 * store's checkout page (status 1). The idempotency key is the buyer's latest order of the app,
 * read before the ownership check: two requests that both find no key read the same latest order,
 * so the wallet makes one sale and answers the other with it.
 */
export async function purchaseFromPhone(
  env: Env,
  db: Database,
  buyer: { userId: number; udid: string; secretMatches: boolean },
  app: AppRow,
  checkoutUrl: (token: string) => string,
): Promise<PhonePurchase> {
  const last = await latestOrderId(db, buyer.userId, app.id);
  if (await ownsActiveKey(db, buyer.userId, app.id)) return { status: BOUGHT };
  const pricings = await pricingsOf(env, db, app.id);
  if (!pricings.some((pricing) => pricing.is_active && pricing.key_type.is_active)) return { status: REFUSED, error: SAYS.notForSale };
  if (!pricings.some((pricing) => pricing.can_purchase)) return { status: REFUSED, error: SAYS.soldOut };
  const checkout = async (): Promise<PhonePurchase> => ({ status: ACTION_REQUIRED, url: checkoutUrl(await issueLink(db, "checkout", buyer.userId, app.id, buyer.udid)) });
  const quick = pricings.find((pricing) => pricing.id === app.packageManagerPricingId && pricing.can_purchase);
  if (!buyer.secretMatches || !quick) return checkout();
  const balance = (await walletSnapshot(env.DB, buyer.userId))?.balance ?? 0;
  if (quick.vnd_price === null || balance < quick.vnd_price) return checkout();
  const outcome = await walletFor(env, buyer.userId).purchase(quick.id, `phone:${app.id}:${last}`, "balance", buyer.udid);
  if (outcome.ok) return { status: BOUGHT };
  switch (outcome.error) {
    case "insufficient_balance":
      return checkout();
    case "sold_out":
      return { status: REFUSED, error: SAYS.soldOut };
    case "key_reused":
      // The shop changed its key type between two requests of one tap: the first one's sale stands.
      return (await ownsActiveKey(db, buyer.userId, app.id)) ? { status: BOUGHT } : { status: REFUSED, error: WALLET_MESSAGES.keyReused };
    default:
      return { status: REFUSED, error: SAYS.notForSale };
  }
}

/** The live checkout link of `token`, or null (unknown, used, expired). */
async function checkoutLink(db: Database, token: string, now = Date.now()) {
  const [row] = await db
    .select()
    .from(packageManagerLinks)
    .where(and(eq(packageManagerLinks.tokenHash, await sha256Hex(token)), eq(packageManagerLinks.kind, "checkout"), isNull(packageManagerLinks.usedAt), gt(packageManagerLinks.expiresAt, new Date(now))))
    .limit(1);
  return row ?? null;
}

export type Checkout = NonNullable<Awaited<ReturnType<typeof checkoutLink>>>;

/** The checkout of `token` for the signed-in `userId`: "gone" when it is not live, "not_yours" for another account's. */
export async function findCheckout(db: Database, token: string, userId: number): Promise<Checkout | "gone" | "not_yours"> {
  const link = await checkoutLink(db, token);
  if (!link) return "gone";
  return link.userId === userId ? link : "not_yours";
}

/** What the checkout page shows: the key types of the app, the balance, whether a key is already held. */
export async function checkoutView(env: Env, db: Database, link: Checkout) {
  const wallet = await walletSnapshot(env.DB, link.userId);
  return { pricing: await pricingsOf(env, db, link.appId), balance: wallet?.balance ?? 0, owned: await ownsActiveKey(db, link.userId, link.appId) };
}

/** The idempotency key of the checkout page's purchase: one sale per link, so a second tap answers the first. */
export function checkoutKey(link: Checkout): string {
  return `checkout:${link.id}`;
}
