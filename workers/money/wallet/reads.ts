// What anyone may read of a wallet without its object: the balance as it stands (an order as the
// buyer sees it is workers/db/statements/orders.ts). Reads only; every change goes through the UserWallet (walletFor, ./port.ts).
import { formatVND } from "../../shared/format";
import type { Promotion, Tier } from "../../shared/money/promotions";

export type LedgerType = "deposit" | "purchase" | "admin_adjustment";
export type LedgerSource = "vietqr" | "card" | "bank_transfer" | "crypto" | "bonus" | "purchase" | "admin";

export type WalletSnapshot = { balance: number; formatted_balance: string; total_spent: number; total_keys_purchased: number };

export async function walletSnapshot(db: D1Database, userId: number): Promise<WalletSnapshot | null> {
  const row = await db
    .prepare("SELECT balance, total_spent, total_keys_purchased FROM users WHERE id = ?")
    .bind(userId)
    .first<{ balance: number; total_spent: number; total_keys_purchased: number }>();
  return row ? { ...row, formatted_balance: formatVND(row.balance) } : null;
}

type PromotionRow = {
  id: number;
  name: string;
  code: string;
  promotion_type: Promotion["promotionType"];
  bonus_percentage: number | null;
  bonus_amount: number | null;
  tiers: string | null;
  min_deposit_amount: number;
  max_deposit_amount: number | null;
  max_bonus_amount: number | null;
  usage_limit_per_user: number | null;
  total_usage_limit: number | null;
  total_used: number;
  start_date: number;
  end_date: number;
  status: string;
  is_automatic: number;
  requires_code: number;
};

/**
 * The promotions running now and how often the user has used each: what the wallet decides a
 * deposit's bonus from, and what the dialogs' preview reads, so the two never disagree.
 */
export async function depositPromotions(db: D1Database, userId: number, now: number): Promise<{ promotions: Promotion[]; usage: Map<number, number> }> {
  const { results } = await db
    .prepare("SELECT * FROM promotions WHERE status = 'active' AND start_date <= ?1 AND end_date > ?1")
    .bind(now)
    .all<PromotionRow>();
  if (results.length === 0) return { promotions: [], usage: new Map() };
  const usageRows = await db
    .prepare("SELECT promotion_id, count(*) AS n FROM promotion_usages WHERE user_id = ? GROUP BY promotion_id")
    .bind(userId)
    .all<{ promotion_id: number; n: number }>();
  const promotions: Promotion[] = results.map((row) => ({
    id: row.id,
    name: row.name,
    code: row.code,
    promotionType: row.promotion_type,
    bonusPercentage: row.bonus_percentage,
    bonusAmount: row.bonus_amount,
    tiers: row.tiers ? (JSON.parse(row.tiers) as Tier[]) : null,
    minDepositAmount: row.min_deposit_amount,
    maxDepositAmount: row.max_deposit_amount,
    maxBonusAmount: row.max_bonus_amount,
    usageLimitPerUser: row.usage_limit_per_user,
    totalUsageLimit: row.total_usage_limit,
    totalUsed: row.total_used,
    startDate: row.start_date,
    endDate: row.end_date,
    status: row.status,
    isAutomatic: Boolean(row.is_automatic),
    requiresCode: Boolean(row.requires_code),
  }));
  return { promotions, usage: new Map(usageRows.results.map((row) => [row.promotion_id, row.n])) };
}
