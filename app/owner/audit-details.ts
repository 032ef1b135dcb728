// The audit log as people read it (issue #27): what a target is called, and an entry's details as
// labelled values ("Số tiền: 43.000 ₫") instead of JSON. Unknown fields keep their own name, so an
// entry written by a newer action still shows everything; the raw JSON stays on the screen too.
import { formatDateTime, formatNumber, formatVND } from "@workers/shared/format";

export const AUDIT_TARGET_LABELS: Record<string, string> = {
  user: "Người dùng",
  app: "Ứng dụng",
  promotion: "Khuyến mãi",
  license_key: "Key",
  key_pricing: "Bảng giá",
  key_batch: "Lô key",
  payment_event: "Giao dịch ngân hàng",
  setting: "Cài đặt",
};

const FIELD_LABELS: Record<string, string> = {
  amount: "Số tiền",
  balance_before: "Số dư trước",
  balance_after: "Số dư sau",
  transaction_type: "Loại giao dịch",
  description: "Mô tả",
  note: "Ghi chú",
  reference: "Mã tham chiếu",
  user_id: "Người dùng",
  app_id: "Ứng dụng",
  batch_id: "Lô key",
  card_id: "Thẻ cào",
  name: "Tên",
  url: "Đường dẫn",
  app_type: "Loại ứng dụng",
  version: "Phiên bản",
  code: "Mã",
  key_type: "Loại key",
  price: "Giá",
  currency: "Tiền tệ",
  is_active: "Đang bán",
  keys: "Số key",
  lines: "Số dòng",
  invalid: "Dòng không hợp lệ",
  skip_duplicates: "Bỏ qua key trùng",
  requested: "Số key yêu cầu",
  deleted: "Đã xóa",
  key_ids: "ID key",
  statuses: "Trạng thái",
  days: "Số ngày",
  expires_before: "Hết hạn trước đó",
  provider: "Nguồn",
  reported_amount: "Số tiền báo về",
  before: "Trước",
  after: "Sau",
  login: "Tên đăng nhập",
  reason: "Lý do",
  stage: "Bước",
  role: "Quyền",
  usd_vnd_rate: "Tỷ giá USD/VND",
  bonus_percentage: "Thưởng (%)",
  bonus_amount: "Thưởng cố định",
  min_deposit_amount: "Nạp tối thiểu",
  max_deposit_amount: "Nạp tối đa",
  max_bonus_amount: "Thưởng tối đa",
  status: "Trạng thái",
  file: "Tệp",
  icon: "Biểu tượng",
  media_added: "Ảnh/video thêm",
  media_removed: "Ảnh/video xóa",
};

/** Fields that hold đồng. */
const MONEY = new Set(["amount", "balance_before", "balance_after", "reported_amount", "bonus_amount", "min_deposit_amount", "max_deposit_amount", "max_bonus_amount"]);
/** Fields that hold a row's id. */
const IDS = new Set(["user_id", "app_id", "batch_id", "card_id"]);

const VALUE_LABELS: Record<string, string> = {
  admin_adjustment: "Điều chỉnh",
  deposit: "Nạp tiền",
  purchase: "Mua key",
};

function fieldLabel(key: string): string {
  return FIELD_LABELS[key] ?? key;
}

/** One value as text; an object becomes "Nhãn: giá trị" pairs. */
function fieldValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "Có" : "Không";
  if (typeof value === "number") {
    if (MONEY.has(key)) return formatVND(value);
    if (IDS.has(key)) return `ID ${value}`;
    if (key === "expires_before" || key.endsWith("_at")) return formatDateTime(new Date(value).toISOString());
    return formatNumber(value);
  }
  if (typeof value === "string") return VALUE_LABELS[value] ?? value;
  if (Array.isArray(value)) return value.map((item) => fieldValue(key, item)).join(", ");
  if (typeof value === "object") {
    return Object.entries(value as Record<string, unknown>)
      .map(([inner, innerValue]) => `${fieldLabel(inner)}: ${fieldValue(inner, innerValue)}`)
      .join(" · ");
  }
  return String(value);
}

/** An entry's details as labelled rows, in the order they were written. */
export function detailRows(details: unknown): { key: string; label: string; value: string }[] {
  if (!details || typeof details !== "object" || Array.isArray(details)) return details === undefined || details === null ? [] : [{ key: "value", label: "Giá trị", value: String(details) }];
  return Object.entries(details as Record<string, unknown>).map(([key, value]) => ({ key, label: fieldLabel(key), value: fieldValue(key, value) }));
}
