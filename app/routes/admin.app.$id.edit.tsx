// /admin/app/{id}/edit (docs/product.md §2 "Admin edit app"): loads the app by id in clientLoader (a missing
// one goes back to /admin with an error), shows its times, badge and version, and the form; the
// form submits to this route's clientAction, which uploads its files and updates the app.
import type { MetaFunction } from "@remix-run/cloudflare";
import { type ClientActionFunctionArgs, type ClientLoaderFunctionArgs, useLoaderData } from "@remix-run/react";
import { redirectTo } from "~/ui/forms/redirect-response";
import { AdminPage } from "~/owner/AdminShell";
import type { AppForm } from "~/catalogue/admin/AppForm";
import { type TrialSaved, TrialSettings } from "~/licensing/admin/TrialSettings";
import { MissingFiles } from "~/catalogue/admin/MissingFiles";
import { TypeBadge } from "~/catalogue/TypeBadge";
import { adminCall, adminCallFailure } from "~/owner/admin-route";
import { formatDateTime, formatRelativeTime } from "@workers/shared/format";
import { pageMeta } from "~/ui/meta";
import { toast } from "~/ui/toast";
import { fetchOnDemand } from "~/ui/LazyDialog";
import { useNow } from "~/catalogue/home/use-now";
import { useSite } from "~/root";
import type { AdminApp } from "@workers/catalogue/app-admin";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "Sửa ứng dụng");

type Loaded = { app: AdminApp; Form: typeof AppForm };

export async function clientLoader({ request, params }: ClientLoaderFunctionArgs): Promise<Loaded> {
  const id = params.id ?? "";
  if (!/^\d+$/.test(id)) return backToList();
  // The form's code is fetched beside the app it shows, as the page shows nothing before both.
  const form = fetchOnDemand(() => import("~/catalogue/admin/AppForm")).then(
    (module) => module.AppForm,
    () => null,
  );
  let app: AdminApp;
  try {
    app = (await adminCall(request, (api) => api.api.apps.admin.detail[":id"].$get({ param: { id } }))).data;
  } catch (error) {
    return backToList(adminCallFailure(error, request, ""));
  }
  const Form = await form;
  // Without it (fetchOnDemand has said why), back to the list.
  if (!Form) throw redirectTo("/admin");
  return { app, Form };
}

/**
 * Back to the list, saying 'Không tìm thấy ứng dụng' unless `said` gives another reason. Those
 * words are the form's rules' (app-form.ts), fetched only then; if they cannot be, fetchOnDemand
 * has said why.
 */
async function backToList(said = ""): Promise<never> {
  const text = said || (await fetchOnDemand(() => import("@workers/shared/app-form")).then(({ APP_FORM_MESSAGES }) => APP_FORM_MESSAGES.notFound.in("vi"), () => ""));
  if (text) toast.error(text);
  throw redirectTo("/admin");
}

export async function clientAction({ request, params }: ClientActionFunctionArgs) {
  const form = await request.clone().formData();
  if (form.get("intent") === "trial") return saveTrial(request, params.id ?? "", String(form.get("hours") ?? ""));
  // The form's action is in the form's file, fetched by the loader to show the form.
  const { saveApp } = await import("~/catalogue/admin/AppForm");
  return saveApp(request, params.id ?? "");
}

/** The trial length (app/licensing/admin/TrialSettings.tsx): PUT /api/admin/apps/{id}/trial/. */
async function saveTrial(request: Request, id: string, text: string): Promise<TrialSaved> {
  const hours = /^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  try {
    const body = await adminCall(request, (api) => api.api.admin.apps[":id"].trial.$put({ param: { id }, json: { hours } }));
    toast.success(body.message || "Đã lưu thời gian dùng thử");
    return { intent: "trial", ok: true, message: body.message };
  } catch (error) {
    return { intent: "trial", ok: false, message: adminCallFailure(error, request, "Lưu thời gian dùng thử thất bại") };
  }
}

export default function EditAppRoute() {
  const { app, Form } = useLoaderData<typeof clientLoader>();
  const site = useSite();
  // The page's clock: relative times move every 60 s (docs/product.md §9).
  const now = useNow(Date.now());
  return (
    <AdminPage
      title={`Sửa: ${app.name}`}
      subtitle={
        <span className="flex flex-wrap items-center gap-2" data-testid="edit-meta">
          <TypeBadge type={app.app_type} />
          {app.version && <span>v{app.version}</span>}
          <span>· Tạo {formatDateTime(app.created_at)}</span>
          <span title={formatDateTime(app.updated_at)}>· Cập nhật {formatRelativeTime(app.updated_at, now)}</span>
        </span>
      }
    >
      <MissingFiles app={app} />
      <TrialSettings appId={app.id} hours={app.trial_hours} />
      <Form key={app.id} app={app} siteName={site.name} />
    </AdminPage>
  );
}
