// What the pages need from the Worker: the catalogue's database and settings, in-process.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { getConfig, publicOrigin } from "@workers/platform/config";
import { catalogueDb } from "@workers/catalogue/catalogue";

export function pageContext(context: AppLoadContext, request: Request) {
  const { env } = context.cloudflare;
  const config = getConfig(env);
  return {
    db: catalogueDb(env.DB),
    origin: publicOrigin(env, request),
    site: { name: config.SITE_NAME, telegramUrl: config.TELEGRAM_URL, zaloUrl: config.ZALO_URL },
  };
}
