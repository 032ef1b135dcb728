// Bans that stick to a phone or an address (issue 55 item 2, docs/decisions/0052-bans-and-trials.md):
// the admin bans a device by its id, for one app or the whole shop, or an address range (CIDR), with
// a reason and maybe an end. The key check refuses a banned phone or address before it answers about
// the key (key-check.ts; the bans are read in the key's own query, workers/db/statements/key-lookup.ts),
// so neither a device reset, a new key, a new account nor a trial binds it.
// A device is kept as the hash of its id in normal form, so the id in another case or with
// invisible characters is the same phone; an address range as its first and last address.
import { sha256Hex } from "../platform/crypto";
import { ipv6Groups } from "../platform/http/validate";
import { ConflictError, fieldError, NotFoundError } from "../platform/errors";
import { type AdminActor, auditStatement } from "../db/statements/audit";
import { banReasonProblem, INVISIBLE } from "../shared/licensing/key-changes";
import { BAN_MESSAGES, MAX_DEVICE_ID } from "./messages";
import type { CreateBanInput } from "./schemas/bans";

/**
 * A device id in the form bans and trials compare: Unicode NFKC, without spaces or invisible
 * characters anywhere in it, upper-cased. `6f1c…` and ` 6F1C…\u200b` are one phone.
 */
export function normalDeviceId(deviceId: string): string {
  return deviceId.normalize("NFKC").replace(INVISIBLE, "").toUpperCase();
}

/** The hex SHA-256 of a device id's normal form: all a ban or a trial keeps of a phone. */
export function deviceSha256(deviceId: string): Promise<string> {
  return sha256Hex(normalDeviceId(deviceId));
}

const hex4 = (group: number) => group.toString(16).padStart(4, "0");

/** An address's 16 bytes (IPv4 as ::ffff:a.b.c.d) as 32 hex digits, or null when it is none. */
export function addressHex(raw: string): string | null {
  const address = raw.trim().toLowerCase().replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(address)) {
    const bytes = address.split(".").map(Number);
    if (bytes.some((byte) => byte > 255)) return null;
    return `00000000000000000000ffff${bytes.map((byte) => byte.toString(16).padStart(2, "0")).join("")}`;
  }
  if (!address.includes(":")) return null;
  const groups = ipv6Groups(address);
  return groups ? groups.map(hex4).join("") : null;
}

/** A CIDR (or one address) as the first and last address it covers, in addressHex's form; null when it is none. */
export function cidrRange(text: string): { first: string; last: string; shown: string } | null {
  const [address, prefixText, extra] = text.trim().split("/");
  if (extra !== undefined || !address) return null;
  const hex = addressHex(address);
  if (!hex) return null;
  const v4 = !address.includes(":");
  const width = v4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? width : Number(prefixText);
  if (prefix > width) return null;
  const bits = BigInt(`0x${hex}`);
  const hostBits = BigInt(width - prefix);
  const mask = (1n << hostBits) - 1n;
  const first = bits & ~mask;
  const last = first | mask;
  const asHex = (value: bigint) => value.toString(16).padStart(32, "0");
  const shownAddress = v4 ? address.trim() : address.trim().toLowerCase();
  return { first: asHex(first), last: asHex(last), shown: `${shownAddress}/${prefix}` };
}

/** A reason as kept (trimmed), or null when an optional one shows nothing; else the rule's refusal for `field`. */
function reasonText(field: string, text: string | null | undefined, required: boolean): string | null {
  const reason = (text ?? "").trim();
  const problem = banReasonProblem(reason);
  if (problem === BAN_MESSAGES.reasonRequired && !required) return null;
  if (problem) throw fieldError(field, problem);
  return reason;
}

type BanRow = {
  id: number;
  kind: "device" | "ip";
  app_id: number | null;
  app_name: string | null;
  shown: string;
  reason: string;
  reason_en: string | null;
  ends_at: number | null;
  created_by_email: string;
  created_at: number;
  lifted_at: number | null;
  lifted_by_email: string | null;
};

const iso = (value: number | null) => (value === null ? null : new Date(value).toISOString());

/** A ban as the admin's list shows it: never the device id itself, which the store does not keep. */
function toBan(row: BanRow, now: number) {
  return {
    id: row.id,
    kind: row.kind,
    value: row.shown,
    app: row.app_id === null ? null : { id: row.app_id, name: row.app_name },
    reason: row.reason,
    reason_en: row.reason_en,
    until: iso(row.ends_at),
    created_by: row.created_by_email,
    created_at: iso(row.created_at),
    lifted_at: iso(row.lifted_at),
    lifted_by: row.lifted_by_email,
    active: row.lifted_at === null && (row.ends_at === null || row.ends_at > now),
  };
}

export type Ban = ReturnType<typeof toBan>;

const BAN_SELECT = `SELECT b.id, b.kind, b.app_id, a.name AS app_name, b.shown, b.reason, b.reason_en, b.ends_at, b.created_by_email,
  b.created_at, b.lifted_at, b.lifted_by_email FROM bans b LEFT JOIN apps a ON a.id = b.app_id`;

/** The bans, newest first: those in force, then the lifted and ended ones (the newest 500 of all). */
export async function listBans(d1: D1Database, now = Date.now()): Promise<Ban[]> {
  const { results } = await d1.prepare(`${BAN_SELECT} ORDER BY b.id DESC LIMIT 500`).all<BanRow>();
  return results.map((row) => toBan(row, now));
}

/**
 * Bans a device (by its id's hash) or an address range, for one app or the whole shop, until
 * `until` or for good; the ban and its audit record are one batch.
 */
export async function createBan(d1: D1Database, input: CreateBanInput, actor: AdminActor, now = Date.now()): Promise<Ban> {
  const reason = reasonText("reason", input.reason, true) as string;
  const reasonEn = reasonText("reason_en", input.reason_en, false);
  const until = input.until ? Date.parse(input.until) : null;
  if (until !== null && Number.isNaN(until)) throw fieldError("until", BAN_MESSAGES.untilInvalid);
  if (until !== null && until <= now) throw fieldError("until", BAN_MESSAGES.untilPast);
  if (input.app_id !== undefined && input.app_id !== null) {
    const app = await d1.prepare("SELECT id FROM apps WHERE id = ?").bind(input.app_id).first();
    if (!app) throw fieldError("app_id", BAN_MESSAGES.appNotFound);
  }
  let target: { device: string | null; first: string | null; last: string | null; shown: string };
  if (input.kind === "device") {
    const normal = normalDeviceId(input.value);
    if (!normal) throw fieldError("value", BAN_MESSAGES.deviceRequired);
    if (input.value.length > MAX_DEVICE_ID) throw fieldError("value", BAN_MESSAGES.deviceInvalid);
    target = { device: await sha256Hex(normal), first: null, last: null, shown: `…${normal.slice(-4)}` };
  } else {
    const range = cidrRange(input.value);
    if (!range) throw fieldError("value", BAN_MESSAGES.cidrInvalid);
    target = { device: null, first: range.first, last: range.last, shown: range.shown };
  }
  const insert = d1
    .prepare(
      `INSERT INTO bans (kind, app_id, device_sha256, ip_first, ip_last, shown, reason, reason_en, ends_at, created_by, created_by_email, created_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)`,
    )
    .bind(input.kind, input.app_id ?? null, target.device, target.first, target.last, target.shown, reason, reasonEn, until, actor.userId, actor.email, now);
  const details = { kind: input.kind, value: target.shown, app_id: input.app_id ?? null, until: iso(until), reason };
  const audit = auditStatement(d1, { actor, action: "ban.create", targetType: "ban", details });
  const [inserted] = await d1.batch([insert, audit]);
  const row = await d1.prepare(`${BAN_SELECT} WHERE b.id = ?`).bind(inserted.meta.last_row_id).first<BanRow>();
  return toBan(row as BanRow, now);
}

/** Lifts a ban: it stays in the list, with who lifted it and when; the lift is audited in the same batch. Lifting twice lifts once. */
export async function liftBan(d1: D1Database, id: number, actor: AdminActor, now = Date.now()): Promise<Ban> {
  const row = await d1.prepare(`${BAN_SELECT} WHERE b.id = ?`).bind(id).first<BanRow>();
  if (!row) throw new NotFoundError(BAN_MESSAGES.notFound);
  const lift = d1.prepare("UPDATE bans SET lifted_at = ?1, lifted_by_email = ?2 WHERE id = ?3 AND lifted_at IS NULL").bind(now, actor.email, id);
  const details = { kind: row.kind, value: row.shown, app_id: row.app_id, reason: row.reason };
  const [result] = await d1.batch([lift, auditStatement(d1, { actor, action: "ban.lift", targetType: "ban", targetId: id, details }, { when: "if_changed" })]);
  if (!result.meta.changes) throw new ConflictError(BAN_MESSAGES.alreadyLifted);
  return toBan({ ...row, lifted_at: now, lifted_by_email: actor.email }, now);
}
