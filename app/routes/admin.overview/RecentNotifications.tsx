// The owner's latest Telegram notifications with their delivery status (issue #18), for the
// overview. Presentational: the screen loads GET /api/admin/notifications/ and passes the items.
import type { NotificationItem } from "@workers/owner/notifications";
import { formatDateTime } from "@workers/shared/format";
import { Badge, CARD } from "~/components/admin/AdminShell";

const KIND_LABELS: Record<NotificationItem["kind"], string> = {
  deposit: "Nạp tiền",
  transfer_parked: "Chuyển khoản chờ duyệt",
  card_review: "Thẻ cào cần duyệt",
  low_stock: "Sắp hết key",
  sold_out: "Hết key",
  admin_login: "Đăng nhập quản trị",
  ops: "Cảnh báo vận hành",
};

const STATUS: Record<NotificationItem["status"], { label: string; tone: string }> = {
  sent: { label: "Đã gửi", tone: "bg-emerald-500/10 text-emerald-300 ring-emerald-500/30" },
  pending: { label: "Đang chờ gửi", tone: "bg-amber-500/10 text-amber-300 ring-amber-500/30" },
  failed: { label: "Gửi thất bại", tone: "bg-red-500/10 text-red-300 ring-red-500/30" },
};

export function RecentNotifications({ items }: { items: NotificationItem[] }) {
  return (
    <section className={`${CARD} p-4`} aria-labelledby="notifications-title" data-testid="recent-notifications">
      <h2 id="notifications-title" className="text-sm font-semibold text-white">
        Thông báo Telegram gần đây
      </h2>
      {items.length === 0 ? (
        <p className="mt-3 text-sm text-zinc-400">Chưa có thông báo nào.</p>
      ) : (
        <ul className="mt-3 divide-y divide-white/5">
          {items.map((item) => (
            <li key={item.id} className="py-2.5" data-kind={item.kind} data-status={item.status}>
              <div className="flex flex-wrap items-center gap-2 text-xs">
                <span className="font-semibold text-zinc-200">{KIND_LABELS[item.kind]}</span>
                <Badge tone={STATUS[item.status].tone}>{STATUS[item.status].label}</Badge>
                <span className="text-zinc-500">{formatDateTime(item.sent_at ?? item.created_at)}</span>
                {item.attempts > 1 && <span className="text-zinc-500">{item.attempts} lần thử</span>}
              </div>
              <p className="mt-1 text-sm whitespace-pre-line text-zinc-300">{item.text}</p>
              {item.status !== "sent" && item.last_error && <p className="mt-1 text-xs text-red-400">Lỗi: {item.last_error}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
