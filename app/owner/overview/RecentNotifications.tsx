// The owner's latest Telegram notifications with their delivery status (issue #18), for the
// overview. Presentational: the screen loads GET /api/admin/notifications/ and passes the items;
// every notification is on /admin/notifications.
import type { NotificationItem } from "@workers/owner/notifications";
import { formatDateTime } from "@workers/shared/format";
import { Link } from "@remix-run/react";
import { Badge, CARD } from "~/owner/AdminShell";
import { NOTIFICATION_KIND_LABELS as KIND_LABELS, NOTIFICATION_STATUS as STATUS } from "~/owner/notification-labels";

export function RecentNotifications({ items }: { items: NotificationItem[] }) {
  return (
    <section className={`${CARD} p-4`} aria-labelledby="notifications-title" data-testid="recent-notifications">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="notifications-title" className="text-sm font-semibold text-white">
          Thông báo Telegram gần đây
        </h2>
        <Link to="/admin/notifications" className="shrink-0 text-xs text-indigo-300 hover:text-indigo-200">
          Xem tất cả
        </Link>
      </div>
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
