// The one OpsWatch object (docs/operations.md, "Alarms"; docs/decisions/0047): what the owner's
// alarms count and remember, kept in the object's own storage rather than in D1, so an outage of
// D1 is counted, and told, while D1 refuses every write. It decides; the caller sends what it
// decided (opsNotice in workers/platform/ops-notice.ts, which goes straight to Telegram when D1 cannot record it).
//
// A cause is one part of the store (D1's reads, D1's writes, R2, a wallet object, the settings,
// the cron). Whoever notices a part's state reports it here (/api/health's probe, each cron run);
// a cause failing for FAILING_FOR_MS is told once per spell, and its recovery is told too. Each
// cause and each counted alarm has its own marks, so one never silences another.
import { DurableObject } from "cloudflare:workers";

/** A cause is told once it has been failing this long: the cron's next run (every minute) or health's next probe tells it. */
const FAILING_FOR_MS = 60_000;
/** The cron runs every minute; five without a run is an alarm. */
export const CRON_LATE_MS = 5 * 60_000;
/** Failed runs in a row that make /api/health answer "failing". */
const CRON_FAILING_RUNS = 3;

/** What the owner is told: a dedupe key (a notifications row's) and the text. */
export type Tell = { key: string; text: string };
/** A cause failing (what failed, in words) or well (null). */
export type Found = { detail: string; since?: number } | null;
export type CronState = "ok" | "late" | "failing" | "unknown";

type Spell = { since: number; detail: string; told: boolean };
type CronRecord = { completedAt: number | null; attemptAt: number | null; failures: number; firstFailureAt: number | null; error: string | null };
type Window = { window: number; count: number; told: boolean };

const iso = (at: number) => new Date(at).toISOString();
const minutes = (ms: number) => `${Math.max(1, Math.round(ms / 60_000))} phút`;

/** What the owner reads of each cause, failing and recovered. */
const CAUSES: Record<string, { failing: (detail: string, since: number) => string; recovered: string }> = {
  config: { failing: (detail) => `🚨 Cài đặt của cửa hàng sai: ${detail}`, recovered: "Cài đặt của cửa hàng đúng trở lại" },
  "d1-read": { failing: (detail, since) => `🚨 D1 không đọc được từ ${iso(since)}: ${detail}. Mọi trang và lệnh gọi cần cơ sở dữ liệu đều lỗi.`, recovered: "D1 đọc được trở lại" },
  "d1-write": { failing: (detail, since) => `🚨 D1 không nhận ghi từ ${iso(since)}: ${detail}. Đăng nhập, nạp tiền và mua hàng đều lỗi.`, recovered: "D1 nhận ghi trở lại" },
  r2: { failing: (detail, since) => `🚨 R2 không trả lời từ ${iso(since)}: ${detail}. Tải tệp và ảnh đều lỗi.`, recovered: "R2 trả lời trở lại" },
  wallet: { failing: (detail, since) => `🚨 Ví (Durable Object) không trả lời từ ${iso(since)}: ${detail}. Nạp tiền và mua hàng đều lỗi.`, recovered: "Ví (Durable Object) trả lời trở lại" },
  // The two causes of the cron keep the dedupe keys they had before (ops:ops-cron-failed:…, ops:cron_late:…).
  "ops-cron-failed": { failing: (detail) => `🚨 Cron vẫn chạy nhưng lỗi ${detail}: nạp VietQR không hết hạn, thẻ cào không được kiểm tra lại, thư không được gửi.`, recovered: "Cron chạy lại bình thường" },
  cron_late: { failing: (_, since) => `🚨 Cron không chạy lần nào từ ${iso(since)}: nạp VietQR không hết hạn, thẻ cào không được kiểm tra lại.`, recovered: "Cron chạy trở lại" },
};

/**
 * The cron's causes from its record: stopped (no run at all for CRON_LATE_MS), or running and
 * failing. A cron that runs and fails is never told as one that does not run.
 */
function cronCauses(record: CronRecord, now: number): Record<string, Found> {
  const lastSeen = record.attemptAt ?? record.completedAt;
  const late = lastSeen !== null && now - lastSeen >= CRON_LATE_MS;
  const failing = !late && record.failures > 0 && record.firstFailureAt !== null;
  return {
    cron_late: late ? { detail: "", since: lastSeen } : null,
    "ops-cron-failed": failing ? { detail: `${record.failures} lần liên tiếp từ ${iso(record.firstFailureAt as number)} (${record.error ?? ""})`, since: record.firstFailureAt as number } : null,
  };
}

export class OpsWatch extends DurableObject<Env> {
  /** What someone noticed of some causes at `now`: what to tell, and the cron as /api/health answers it (its causes are judged too). */
  async observe(found: Record<string, Found>, now: number): Promise<{ tells: Tell[]; cron: CronState }> {
    const record = await this.cronRecord();
    const causes = cronCauses(record, now);
    // Health's view: late when no run has completed for CRON_LATE_MS (a run that fails half-way does not count).
    const late = record.completedAt !== null && now - record.completedAt >= CRON_LATE_MS;
    const cron: CronState = late ? "late" : record.failures >= CRON_FAILING_RUNS ? "failing" : "ok";
    return { tells: await this.judge({ ...found, ...causes }, now), cron };
  }

  /** A cron run ended at `now` (its scheduled time): completed, or failed with `error`. */
  async cronRan(now: number, error: string | null): Promise<Tell[]> {
    const record = await this.cronRecord();
    const next: CronRecord = error === null
      ? { completedAt: now, attemptAt: now, failures: 0, firstFailureAt: null, error: null }
      : { ...record, attemptAt: now, failures: record.failures + 1, firstFailureAt: record.firstFailureAt ?? now, error: error.slice(0, 200) };
    await this.ctx.storage.put("cron", next);
    return this.judge(cronCauses(next, now), now);
  }

  /** One occurrence of a counted alarm: true the first time more than `max` fall in one window. */
  async count(name: string, max: number, windowMs: number, subject: string, now: number): Promise<boolean> {
    const key = `count:${name}:${subject}`;
    const window = Math.floor(now / windowMs);
    const stored = await this.ctx.storage.get<Window>(key);
    const current = stored?.window === window ? stored : { window, count: 0, told: false };
    current.count += 1;
    const tell = current.count > max && !current.told;
    if (tell) current.told = true;
    await this.ctx.storage.put(key, current);
    return tell;
  }

  /** Ends a counted alarm's spell (a cron run that completed ends its failures in a row). */
  async reset(name: string, subject: string): Promise<void> {
    await this.ctx.storage.delete(`count:${name}:${subject}`);
  }

  /** True once per key: the "sent" mark of an alarm that is told at most once (per hour, per day…). */
  async once(key: string, now: number): Promise<boolean> {
    if (await this.ctx.storage.get(`once:${key}`)) return false;
    await this.ctx.storage.put(`once:${key}`, now);
    return true;
  }

  private async cronRecord(): Promise<CronRecord> {
    return (await this.ctx.storage.get<CronRecord>("cron")) ?? { completedAt: null, attemptAt: null, failures: 0, firstFailureAt: null, error: null };
  }

  /** Each cause failing for FAILING_FOR_MS is told once per spell; a told spell that ends is told too. */
  private async judge(found: Record<string, Found>, now: number): Promise<Tell[]> {
    const tells: Tell[] = [];
    for (const [cause, state] of Object.entries(found)) {
      const words = CAUSES[cause];
      if (!words) continue;
      const key = `spell:${cause}`;
      const spell = await this.ctx.storage.get<Spell>(key);
      if (state) {
        const since = spell?.since ?? state.since ?? now;
        const current: Spell = { since, detail: state.detail.slice(0, 300), told: spell?.told ?? false };
        if (!current.told && now - since >= FAILING_FOR_MS) {
          current.told = true;
          tells.push({ key: `ops:${cause}:${since}`, text: words.failing(current.detail, since) });
        }
        await this.ctx.storage.put(key, current);
      } else if (spell) {
        await this.ctx.storage.delete(key);
        if (spell.told) tells.push({ key: `ops:recovered:${cause}:${spell.since}`, text: `✅ ${words.recovered} (lỗi trong ${minutes(now - spell.since)}, đến ${iso(now)}).` });
      }
    }
    return tells;
  }
}
