import type { MetaDescriptor } from "@remix-run/cloudflare";
import type { PublicApp } from "@workers/catalogue/catalogue";

/** Title, description and sharing tags of an app page; a 404 gets a plain title. */
export function appPageMeta(app: PublicApp | undefined, siteName = "iOS Game Hack"): MetaDescriptor[] {
  if (!app) return [{ title: `Không tìm thấy ứng dụng | ${siteName}` }];
  const title = `${app.name}${app.version ? ` ${app.version}` : ""} | ${siteName}`;
  const description = (app.description || `Tải ${app.name} cho iOS`).replace(/\s+/g, " ").slice(0, 160);
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    ...(app.icon_url ? [{ property: "og:image", content: app.icon_url }] : []),
  ];
}
