// The owner's Telegram notifications as the admin screens name them: the overview's recent panel
// and the delivery log (/admin/notifications) say the same words for a kind and a status.
import type { NotificationItem } from "@workers/owner/notifications";

export const NOTIFICATION_KIND_LABELS: Record<NotificationItem["kind"], string> = {
  deposit: "Nạp tiền",
  transfer_parked: "Chuyển khoản chờ duyệt",
  card_review: "Thẻ cào cần duyệt",
  low_stock: "Sắp hết key",
  sold_out: "Hết key",
  admin_login: "Đăng nhập quản trị",
  ops: "Cảnh báo vận hành",
};

export const NOTIFICATION_STATUS: Record<NotificationItem["status"], { label: string; tone: string }> = {
  sent: { label: "Đã gửi", tone: "bg-emerald-500/10 text-emerald-300 ring-emerald-500/30" },
  pending: { label: "Đang chờ gửi", tone: "bg-amber-500/10 text-amber-300 ring-amber-500/30" },
  failed: { label: "Gửi thất bại", tone: "bg-red-500/10 text-red-300 ring-red-500/30" },
};
