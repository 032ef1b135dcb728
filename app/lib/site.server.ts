// What the pages need from the Worker: the catalogue's database and settings, in-process.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { getConfig, publicOrigin } from "@workers/platform/config";
import { getDb } from "@workers/db/client";

export function pageContext(context: AppLoadContext, request: Request) {
  const { env } = context.cloudflare;
  const config = getConfig(env);
  return {
    db: getDb(env.DB),
    origin: publicOrigin(env, request),
    site: { name: config.SITE_NAME, telegramUrl: config.TELEGRAM_URL, zaloUrl: config.ZALO_URL },
  };
}
