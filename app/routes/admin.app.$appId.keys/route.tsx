// /admin/app/{appId}/keys: key management for one app (docs/product.md §2). The parameter is the url slug
// or the id. This layout loads what every tab needs (the app's header, the key types, the
// pricing) and shows the tabs; each tab is a child route: the pricing at /keys, adding keys at
// /keys/import, the key list at /keys/list (the old ?tab= addresses are sent there).
import type { MetaFunction } from "@remix-run/cloudflare";
import {
  type ClientLoaderFunctionArgs,
  Link,
  Outlet,
  type ShouldRevalidateFunctionArgs,
  useLoaderData,
  useLocation,
  useNavigate,
  useParams,
} from "@remix-run/react";
import { type KeyboardEvent, useRef } from "react";
import { AdminPage } from "~/owner/AdminShell";
import { AppIcon } from "~/catalogue/AppIcon";
import { TypeBadge } from "~/catalogue/TypeBadge";
import { FALLBACK_KEY_TYPES, type KeyTypeOption } from "~/owner/admin-keys";
import { adminCall, adminCallFailure, } from "~/owner/admin-route";
import { ApiError, apiCall } from "~/platform/api";
import { pageMeta } from "~/ui/meta";
import type { AppHeader, KeysData } from "../../licensing/admin/key-data";
import { Alert } from "~/ui/Alert";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "Quản lý key");

const TABS = [
  { path: "", label: "Cấu hình giá", id: "pricing" },
  { path: "/import", label: "Thêm key", id: "import" },
  { path: "/list", label: "Danh sách key", id: "keys" },
  { path: "/bulk", label: "Thay đổi hàng loạt", id: "bulk" },
  { path: "/pause", label: "Tạm dừng", id: "pause" },
] as const;


/** The app for the header, from the admin detail (a failed app is not public but has keys too); null when it cannot be read. */
async function loadAppHeader(request: Request, ref: string): Promise<AppHeader | null> {
  try {
    return (await adminCall(request, (api) => api.api.apps.admin.detail[":id"].$get({ param: { id: encodeURIComponent(ref) } }))).data;
  } catch (error) {
    if (error instanceof Response) throw error; // adminCall's redirect
    return null;
  }
}

/** The key types; the fallback names stand in when they cannot be loaded (docs/product.md §3). */
async function loadKeyTypes(signal: AbortSignal): Promise<KeyTypeOption[]> {
  try {
    const body = await apiCall((api) => api.api.keys.types.$get(), { signal });
    return body.data?.length ? body.data : FALLBACK_KEY_TYPES;
  } catch {
    return FALLBACK_KEY_TYPES;
  }
}

/** The pricing; one that cannot be loaded is an empty list, silently (docs/product.md §8), unless the app does not exist. */
async function loadPricing(request: Request, appId: string): Promise<Pick<KeysData, "state" | "pricing">> {
  try {
    const body = await adminCall(request, (api) => api.api.keys.apps[":app"].pricing.$get({ param: { app: encodeURIComponent(appId) } }));
    return { state: "ready", pricing: body.data ?? [] };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { state: "missing", pricing: [] };
    adminCallFailure(error, request, ""); // an ended session or lost rights still redirect
    return { state: "ready", pricing: [] };
  }
}

export async function clientLoader({ request, params }: ClientLoaderFunctionArgs): Promise<KeysData> {
  const appId = params.appId ?? "";
  const [header, types, pricing] = await Promise.all([loadAppHeader(request, appId), loadKeyTypes(request.signal), loadPricing(request, appId)]);
  return { header, types, ...pricing };
}

/** The app, key types and pricing change by an action or a reload, not by switching tabs or filtering the key list. */
export function shouldRevalidate({ formMethod, currentUrl, nextUrl, currentParams, nextParams, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  return currentParams.appId !== nextParams.appId;
}

export default function AdminAppKeysRoute() {
  const { header, state } = useLoaderData<typeof clientLoader>();
  const { appId = "" } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tabRefs = useRef<(HTMLAnchorElement | null)[]>([]);
  const base = `/admin/app/${encodeURIComponent(appId)}/keys`;
  const currentIndex = Math.max(0, TABS.findIndex((tab) => tab.path && pathname.replace(/\/$/, "").endsWith(tab.path)));

  // Arrow keys move between tabs (WAI-ARIA tabs pattern).
  function onTabKey(event: KeyboardEvent<HTMLAnchorElement>) {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (currentIndex + step + TABS.length) % TABS.length;
    navigate(`${base}${TABS[next].path}`, { replace: true, preventScrollReset: true });
    tabRefs.current[next]?.focus();
  }

  if (state === "missing") {
    return (
      <AdminPage title="Quản lý key">
        <Alert className="p-6 text-center" title="ID ứng dụng không hợp lệ">
          <Link to="/admin" className="mt-3 inline-block text-indigo-300 hover:text-indigo-200">
            ← Về danh sách ứng dụng
          </Link>
        </Alert>
      </AdminPage>
    );
  }

  const title = header?.name ?? appId;
  const current = TABS[currentIndex];
  return (
    <AdminPage
      title={
        <span className="flex items-center gap-3">
          <AppIcon name={title} src={header?.icon_url ?? null} size="sm" />
          <span className="min-w-0 break-words">{title}</span>
          {header && <TypeBadge type={header.app_type} />}
        </span>
      }
      subtitle={header ? `/${header.url} · ID ${header.id}` : `Ứng dụng: ${appId}`}
    >
      <div role="tablist" aria-label="Quản lý key" className="mb-5 flex gap-1 overflow-x-auto border-b border-white/10">
        {TABS.map((item, index) => {
          const selected = item === current;
          return (
            <Link
              key={item.id}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              to={`${base}${item.path}`}
              replace
              preventScrollReset
              role="tab"
              id={`tab-${item.id}`}
              aria-selected={selected}
              aria-controls={`panel-${item.id}`}
              tabIndex={selected ? 0 : -1}
              onKeyDown={onTabKey}
              className={`-mb-px border-b-2 px-4 py-2.5 text-sm font-semibold whitespace-nowrap ${selected ? "border-indigo-400 text-white" : "border-transparent text-zinc-400 hover:text-white"}`}
            >
              {item.label}
            </Link>
          );
        })}
      </div>
      <div role="tabpanel" id={`panel-${current.id}`} aria-labelledby={`tab-${current.id}`}>
        <Outlet />
      </div>
    </AdminPage>
  );
}
