// /admin/app/new (docs/product.md §2 "Admin create app"): the app form with its live preview, its code
// fetched in clientLoader; the form submits to this route's clientAction, which uploads its files and
// creates the app.
import type { MetaFunction } from "@remix-run/cloudflare";
import { type ClientActionFunctionArgs, type ClientLoaderFunctionArgs, useLoaderData } from "@remix-run/react";
import { redirectTo } from "~/ui/forms/redirect-response";
import { AdminPage } from "~/owner/AdminShell";
import type { AppForm } from "~/catalogue/admin/AppForm";
import { fetchOnDemand } from "~/ui/LazyDialog";
import { pageMeta } from "~/ui/meta";
import { useSite } from "~/root";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "Thêm ứng dụng");

/**
 * The form's code, fetched as the edit page fetches it: the page shows nothing before it. Typed as
 * a clientLoader (its unused argument) so that useLoaderData gives the component, not its JSON.
 */
export async function clientLoader(_args: ClientLoaderFunctionArgs): Promise<{ Form: typeof AppForm }> {
  const Form = await fetchOnDemand(() => import("~/catalogue/admin/AppForm")).then(
    (module) => module.AppForm,
    () => null,
  );
  // Without it (fetchOnDemand has said why), back to the list.
  if (!Form) throw redirectTo("/admin");
  return { Form };
}

export async function clientAction({ request }: ClientActionFunctionArgs) {
  // The form's action is in the form's file, fetched by the loader to show the form.
  const { saveApp } = await import("~/catalogue/admin/AppForm");
  return saveApp(request, null);
}

export default function NewAppRoute() {
  const { Form } = useLoaderData<typeof clientLoader>();
  const site = useSite();
  return (
    <AdminPage title="Thêm ứng dụng" subtitle="Chọn tệp IPA để tự điền tên, phiên bản và nhà phát triển">
      <Form siteName={site.name} />
    </AdminPage>
  );
}
