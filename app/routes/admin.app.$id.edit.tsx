// /admin/app/{id}/edit (spec §2 "Admin edit app"): loads the app by id (a missing one goes back
// to /admin with an error), shows its times, badge and version, and the form.
import type { MetaFunction } from "@remix-run/cloudflare";
import { useNavigate, useParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { AdminGuard, AdminPage, useAdminError } from "~/components/admin/AdminShell";
import { AppForm } from "~/components/admin/AppForm";
import { PageSpinner } from "~/components/Spinner";
import { TypeBadge } from "~/components/TypeBadge";
import { APP_FORM_MESSAGES } from "../../workers/shared/app-form";
import { apiFetch } from "~/lib/api";
import { formatDateTime, formatRelativeTime } from "../../workers/shared/format";
import { pageMeta } from "~/lib/meta";
import { toast } from "~/lib/toast";
import { useNow } from "~/lib/use-now";
import { useSite } from "~/root";
import type { AdminApp } from "../../workers/services/app-admin";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "Sửa ứng dụng");

function EditApp() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const handleError = useAdminError();
  const site = useSite();
  const [app, setApp] = useState<AdminApp | null>(null);
  // The page's clock: relative times move every 60 s (spec §9).
  const now = useNow(Date.now());

  useEffect(() => {
    const controller = new AbortController();
    if (!/^\d+$/.test(id)) {
      toast.error(APP_FORM_MESSAGES.notFound);
      navigate("/admin", { replace: true });
      return;
    }
    apiFetch<{ data: AdminApp }>(`/api/apps/admin/detail/${id}/`, { auth: true, signal: controller.signal })
      .then((body) => setApp(body.data))
      .catch((error) => {
        if (controller.signal.aborted) return;
        if (!handleError(error, APP_FORM_MESSAGES.notFound)) navigate("/admin", { replace: true });
      });
    return () => controller.abort();
  }, [id, navigate, handleError]);

  if (!app) return <PageSpinner label="Đang tải ứng dụng..." />;
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
      <AppForm key={app.id} app={app} siteName={site.name} />
    </AdminPage>
  );
}

export default function EditAppRoute() {
  return (
    <AdminGuard>
      <EditApp />
    </AdminGuard>
  );
}
