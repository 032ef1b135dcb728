// The admin section's layout (docs/product.md §6): the guard, once, for every /admin/* screen, and the
// section links above the screen. The session is in localStorage, so the check runs in the
// browser before any admin screen renders; the server checks every admin call again.
import { type ClientLoaderFunctionArgs, Link, Outlet, type ShouldRevalidateFunctionArgs, useLocation, useRouteError } from "@remix-run/react";
import { ErrorPanel } from "~/ui/ErrorPanel";
import { PageSpinner } from "~/ui/Spinner";
import { requireAdminSession } from "~/owner/admin-route";

export function clientLoader({ request }: ClientLoaderFunctionArgs) {
  requireAdminSession(request);
  return null;
}
clientLoader.hydrate = true as const;

/** Checked again on arrival at each admin screen (the session may have ended in another tab), not on a filter change within one. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;
}

export function HydrateFallback() {
  return <PageSpinner label="Đang kiểm tra quyền truy cập..." />;
}

const NAV = [
  { to: "/admin/overview", label: "Tổng quan" },
  { to: "/admin", label: "Ứng dụng" },
  { to: "/admin/licensing", label: "Giấy phép" },
  { to: "/admin/bans", label: "Chặn" },
  { to: "/admin/users", label: "Người dùng" },
  { to: "/admin/promotions", label: "Khuyến mãi" },
  { to: "/admin/bank-transfers", label: "Chuyển khoản" },
  { to: "/admin/crypto-topups", label: "Tiền mã hoá" },
  { to: "/admin/settings", label: "Cài đặt" },
  { to: "/admin/audit", label: "Nhật ký" },
  { to: "/admin/notifications", label: "Thông báo" },
];

export default function AdminLayout() {
  const location = useLocation();
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:py-10">
      <nav aria-label="Quản trị" className="mb-4 flex flex-wrap gap-2 text-sm">
        {NAV.map((item) => {
          const current = location.pathname === item.to;
          return (
            <Link
              key={item.to}
              to={item.to}
              aria-current={current ? "page" : undefined}
              className={`rounded-lg px-2.5 py-1 ${current ? "bg-indigo-500/15 text-indigo-200" : "text-zinc-400 hover:bg-white/5 hover:text-white"}`}
            >
              {item.label}
            </Link>
          );
        })}
      </nav>
      <Outlet />
    </div>
  );
}

/** A screen's loader or rendering threw: the header stays, the admin gets a way back. */
export function ErrorBoundary() {
  return <ErrorPanel error={useRouteError()} />;
}
