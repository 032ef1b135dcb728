// /admin/app/new (docs/product.md §2 "Admin create app"): the app form with its live preview; the form
// submits to this route's clientAction, which uploads its files and creates the app.
import type { MetaFunction } from "@remix-run/cloudflare";
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { AdminPage } from "~/owner/AdminShell";
import { AppForm, saveApp } from "~/catalogue/admin/AppForm";
import { pageMeta } from "~/ui/meta";
import { useSite } from "~/root";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "Thêm ứng dụng");

export function clientAction({ request }: ClientActionFunctionArgs) {
  return saveApp(request, null);
}

export default function NewAppRoute() {
  const site = useSite();
  return (
    <AdminPage title="Thêm ứng dụng" subtitle="Chọn tệp IPA để tự điền tên, phiên bản và nhà phát triển">
      <AppForm siteName={site.name} />
    </AdminPage>
  );
}
