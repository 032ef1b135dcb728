// The admin's CSV exports of the ledger and of orders (issue #18). The file is streamed: a
// ReadableStream pulls one page of rows at a time from D1, walking the id range of the period,
// so a year of data never sits in memory. UTF-8 with a byte-order mark (Excel then reads
// Vietnamese correctly), CRLF lines and RFC 4180 quoting, written here because it is a few lines
// and a CSV library would serialise whole arrays rather than pages.
import { LEDGER_SOURCE_LABELS, LEDGER_STATUS_LABELS, LEDGER_TYPE_LABELS, labelOf, ORDER_STATUS_LABELS } from "../shared/money/money-labels";
import type { ExportRange } from "./schemas/exports";
import { VIETNAM_OFFSET_MS, vietnamTimestamp } from "../shared/format";

/**
 * D1 allows 1,000 queries per Worker invocation (Workers Paid), and the whole download is one
 * invocation: pages grow with the period so that it fits in `queryBudget` queries, and a period
 * that would need pages above `maxPageRows` is refused before the answer starts.
 */
const PAGING = { queryBudget: 900, minPageRows: 500, maxPageRows: 10_000 };
type Paging = typeof PAGING;
/** The first query counts the period; every other one reads a page. */
const pageQueries = (paging: Paging) => paging.queryBudget - 1;
export const MAX_EXPORT_ROWS = PAGING.maxPageRows * pageQueries(PAGING);
const BOM = "\uFEFF";

/** The period's first millisecond and the millisecond after its last, for days in Vietnam's time. */
function vietnamDayRange(range: ExportRange): { start: number; end: number } {
  const startOf = (day: string) => {
    const [year, month, date] = day.split("-").map(Number);
    return Date.UTC(year, month - 1, date) - VIETNAM_OFFSET_MS;
  };
  return { start: startOf(range.from), end: startOf(range.to) + 24 * 60 * 60_000 };
}


/**
 * One field (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled.
 * Free text that a spreadsheet would run as a formula (=, +, -, @ first) is prefixed with an
 * apostrophe: a username like "=HYPERLINK(…)" stays text in the owner's Excel.
 */
export function csvField(value: string | number | null, text = false): string {
  if (value === null) return "";
  let field = String(value);
  if (text && /^[=+\-@\t\r]/.test(field)) field = `'${field}`;
  return /[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
}

type Column<Row> = { header: string; value: (row: Row) => string | number | null; text?: boolean };

type Export<Row> = { table: string; columns: Column<Row>[]; page: string };

type LedgerRow = {
  id: number;
  created_at: number;
  username: string | null;
  email: string | null;
  transaction_type: string;
  source: string;
  amount: number;
  balance_before: number;
  balance_after: number;
  status: string;
  description: string;
  reference: string;
  card_value: number | null;
  real_value: number | null;
};

type OrderRow = {
  id: number;
  created_at: number;
  username: string | null;
  email: string | null;
  app_name: string;
  key_type_name: string;
  amount: number;
  currency: string;
  vnd_amount: number;
  balance_before: number | null;
  balance_after: number | null;
  status: string;
  description: string | null;
  reference: string;
};

// Each page: rows after the cursor, within the period's id range, in id order.
const TRANSACTIONS: Export<LedgerRow> = {
  table: "wallet_transactions",
  columns: [
    { header: "Mã giao dịch", value: (row) => row.id },
    { header: "Thời gian (giờ Việt Nam)", value: (row) => vietnamTimestamp(row.created_at) },
    { header: "Tên đăng nhập", value: (row) => row.username, text: true },
    { header: "Email", value: (row) => row.email, text: true },
    // The screens' words for the stored values (the headers stay as they were).
    { header: "Loại", value: (row) => labelOf(LEDGER_TYPE_LABELS, row.transaction_type) },
    { header: "Nguồn", value: (row) => labelOf(LEDGER_SOURCE_LABELS, row.source) },
    { header: "Số tiền (₫)", value: (row) => row.amount },
    { header: "Số dư trước (₫)", value: (row) => row.balance_before },
    { header: "Số dư sau (₫)", value: (row) => row.balance_after },
    { header: "Trạng thái", value: (row) => labelOf(LEDGER_STATUS_LABELS, row.status) },
    { header: "Mô tả", value: (row) => row.description, text: true },
    { header: "Mã tham chiếu", value: (row) => row.reference, text: true },
    // A card deposit's declared and real value, from its card: why a wrong value credits less.
    { header: "Mệnh giá khai báo (₫)", value: (row) => row.card_value },
    { header: "Giá trị thật (₫)", value: (row) => row.real_value },
  ],
  // A card's deposit is keyed card:<request_id> (workers/money/cards.ts), unique on the card.
  page: `SELECT t.id, t.created_at, u.username, u.email, t.transaction_type, t.source, t.amount, t.balance_before, t.balance_after,
           t.status, t.description, t.reference, c.card_value, c.real_value
         FROM wallet_transactions t LEFT JOIN users u ON u.id = t.user_id
           LEFT JOIN card_topups c ON t.source = 'card' AND substr(t.reference, 1, 5) = 'card:' AND c.request_id = substr(t.reference, 6)
         WHERE t.id > ?1 AND t.id <= ?2 AND t.created_at >= ?3 AND t.created_at < ?4 ORDER BY t.id LIMIT ?5`,
};

const ORDERS: Export<OrderRow> = {
  table: "orders",
  columns: [
    { header: "Mã đơn", value: (row) => row.id },
    { header: "Thời gian (giờ Việt Nam)", value: (row) => vietnamTimestamp(row.created_at) },
    { header: "Tên đăng nhập", value: (row) => row.username, text: true },
    { header: "Email", value: (row) => row.email, text: true },
    { header: "Ứng dụng", value: (row) => row.app_name, text: true },
    { header: "Loại key", value: (row) => row.key_type_name, text: true },
    { header: "Giá", value: (row) => row.amount },
    { header: "Tiền tệ", value: (row) => row.currency },
    { header: "Số tiền trừ ví (₫)", value: (row) => row.vnd_amount },
    { header: "Số dư trước (₫)", value: (row) => row.balance_before },
    { header: "Số dư sau (₫)", value: (row) => row.balance_after },
    { header: "Trạng thái", value: (row) => labelOf(ORDER_STATUS_LABELS, row.status) },
    { header: "Mô tả", value: (row) => row.description, text: true },
    { header: "Mã tham chiếu", value: (row) => row.reference, text: true },
  ],
  // The purchase's ledger row carries the order's reference (unique, indexed).
  page: `SELECT o.id, o.created_at, u.username, u.email, o.app_name, o.key_type_name, o.amount, o.currency, o.vnd_amount,
           t.balance_before, t.balance_after, o.status, t.description, o.reference
         FROM orders o LEFT JOIN users u ON u.id = o.user_id LEFT JOIN wallet_transactions t ON t.reference = o.reference
         WHERE o.id > ?1 AND o.id <= ?2 AND o.created_at >= ?3 AND o.created_at < ?4 ORDER BY o.id LIMIT ?5`,
};

const EXPORTS = { transactions: TRANSACTIONS, orders: ORDERS } as const;
export type ExportKind = keyof typeof EXPORTS;

/** The SQL an export runs: the period's size and id range, then each page (exported so tests can read the query plans). */
export function exportQueries(kind: ExportKind) {
  return { bounds: `SELECT count(*) AS rows, min(id) AS first, max(id) AS last FROM ${EXPORTS[kind].table} WHERE created_at >= ?1 AND created_at < ?2`, page: EXPORTS[kind].page };
}

const FILE_NAMES: Record<ExportKind, string> = { transactions: "giao-dich", orders: "don-hang" };

export function exportFileName(kind: ExportKind, range: ExportRange): string {
  return `${FILE_NAMES[kind]}_${range.from}_${range.to}.csv`;
}

function csvLine(fields: string[]): string {
  return `${fields.join(",")}\r\n`;
}

/**
 * The export as a byte stream: the header first, then one page of rows each time the reader asks;
 * or "too_large" when the period holds more than MAX_EXPORT_ROWS rows.
 */
export async function exportCsv(db: D1Database, kind: ExportKind, range: ExportRange, paging: Partial<Paging> = {}): Promise<ReadableStream<Uint8Array> | "too_large"> {
  const settings = { ...PAGING, ...paging };
  const { queryBudget, minPageRows, maxPageRows } = settings;
  // Each export's rows and columns agree; here a row only needs its id.
  const spec = EXPORTS[kind] as unknown as Export<{ id: number }>;
  const { start, end } = vietnamDayRange(range);
  // The period's size and id range, from the created_at index.
  const bounds = await db
    .prepare(exportQueries(kind).bounds)
    .bind(start, end)
    .first<{ rows: number; first: number | null; last: number | null }>();
  const rows = bounds?.rows ?? 0;
  if (rows > maxPageRows * pageQueries(settings)) return "too_large";
  const pageRows = Math.min(maxPageRows, Math.max(minPageRows, Math.ceil(rows / pageQueries(settings))));
  const encoder = new TextEncoder();
  let cursor = (bounds?.first ?? 1) - 1;
  const last = bounds?.last ?? 0;
  let queries = 1;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(BOM + csvLine(spec.columns.map((column) => csvField(column.header)))));
        if (rows === 0) controller.close();
      },
      async pull(controller) {
        // Never a short file after a 200: past the budget the download fails visibly instead.
        if (++queries > queryBudget) return controller.error(new Error(`CSV export of ${kind} passed ${queryBudget} D1 queries`));
        const { results } = await db.prepare(spec.page).bind(cursor, last, start, end, pageRows).all<{ id: number }>();
        if (results.length > 0) {
          controller.enqueue(encoder.encode(results.map((row) => csvLine(spec.columns.map((column) => csvField(column.value(row), column.text)))).join("")));
          cursor = results[results.length - 1].id;
        }
        if (results.length < pageRows || cursor >= last) controller.close();
      },
    },
    { highWaterMark: 0 },
  );
}
