// The public catalogue: which apps a visitor sees and the shape of an app record (docs/product.md §3).
// Both the Hono API and the Remix loaders call these, so the pages and the API never disagree.
import { and, asc, desc, eq, getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import { type Database, getDb } from "../db/client";
import { appMedia, apps, type AppType } from "../db/schema";
import { homeSearchStatements, VISIBLE_STATUS } from "../db/statements/home-search";
import { wholeNumber } from "../shared/fields";

/**
 * The apps a visitor sees, wherever the store lists or serves them (pages, API, feeds): those not
 * failed, written as the equality the indexes serve (VISIBLE_STATUS; `apps.status` allows only
 * `active` and `failed`).
 */
export const visible = eq(apps.status, VISIBLE_STATUS);

type AppRow = typeof apps.$inferSelect;
type MediaRow = typeof appMedia.$inferSelect;

export type Screenshot = {
  id: number;
  url: string;
  media_type: "image" | "video";
  duration: number | null;
  /** An image's size in pixels; null for videos, external images and images stored before migrations/0017. */
  width: number | null;
  height: number | null;
  /** Widths of its WebP copies at `<url>.w<width>.webp` (workers/shared/image-variants.ts); empty when none. */
  variants: number[];
};

/** An app as the API and the pages present it (docs/product.md §3 "Application"). */
export type PublicApp = {
  id: number;
  name: string;
  description: string;
  /** The English edition's name and description, null when the admin gave none (the edition shows name and description). */
  name_en: string | null;
  description_en: string | null;
  version: string;
  url: string;
  app_type: AppType;
  developer: string;
  changelog: string;
  status: "active" | "failed";
  category: string;
  price: number;
  currency: "VND" | "USD";
  app_version: string | null;
  app_size: string | null;
  icon: string | null;
  icon_url: string | null;
  /** The stored icon's size and the widths of its WebP copies, as for a Screenshot. */
  icon_width: number | null;
  icon_height: number | null;
  icon_variants: number[];
  screenshots: Screenshot[];
  file: string | null;
  file_url: string | null;
  file_name: string | null;
  file_size: number | null;
  download_count: number;
  created_at: string;
  updated_at: string;
  itms_url: string | null;
  /** What 'Cài đặt qua Safari' opens: the admin's ITMS link, else our own OTA manifest. */
  install_url: string | null;
  testflight_url: string | null;
  bundle_identifier: string;
  build_number: string | null;
  minimum_os_version: string;
  /** The length of the app's trial in hours, 0 when it offers none (issue 55, workers/licensing/trials.ts). */
  trial_hours: number;
};

export const UNKNOWN_DEVELOPER = "Unknown";
export const BUNDLE_ID_PLACEHOLDER = "com.unknown.app";
export const DEFAULT_MINIMUM_OS = "14.0";

/** Where the store serves a stored R2 object (icons, screenshots, videos). */
export function mediaPath(objectKey: string): string {
  return `/api/media/${objectKey.split("/").map(encodeURIComponent).join("/")}`;
}

function manifestPath(appId: number): string {
  return `/api/apps/${appId}/manifest.plist`;
}

export function downloadPath(appId: number): string {
  return `/api/apps/${appId}/download/`;
}

/** A stored build other than the app's current file (the AltStore source's older versions). */
export function releaseDownloadPath(appId: number, releaseId: number): string {
  return `/api/apps/${appId}/releases/${releaseId}/download/`;
}

export function absolute(origin: string, pathOrUrl: string): string {
  return /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : new URL(pathOrUrl, origin).toString();
}

/** The app's icon: the stored one, else the external image, as an absolute URL. */
export function appIconUrl(app: Pick<AppRow, "iconKey" | "iconUrl">, origin: string): string | null {
  return app.iconKey ? absolute(origin, mediaPath(app.iconKey)) : app.iconUrl ? absolute(origin, app.iconUrl) : null;
}

export function toPublicApp(app: AppRow, media: MediaRow[], origin: string): PublicApp {
  const icon = appIconUrl(app, origin);
  const download = app.fileKey ? absolute(origin, downloadPath(app.id)) : null;
  return {
    id: app.id,
    name: app.name,
    description: app.description,
    name_en: app.nameEn,
    description_en: app.descriptionEn,
    version: app.version,
    url: app.url,
    app_type: app.appType,
    developer: app.developer?.trim() || UNKNOWN_DEVELOPER,
    changelog: app.changelog,
    status: app.status,
    category: app.category,
    price: app.price,
    currency: app.currency,
    app_version: app.appVersion,
    app_size: app.appSize,
    icon,
    icon_url: icon,
    // Copies exist only of a stored icon; an external one is shown as it is.
    icon_width: app.iconKey ? app.iconWidth : null,
    icon_height: app.iconKey ? app.iconHeight : null,
    icon_variants: app.iconKey ? (app.iconVariants ?? []) : [],
    screenshots: media.map((item) => ({
      id: item.id,
      url: absolute(origin, item.objectKey ? mediaPath(item.objectKey) : (item.externalUrl ?? "")),
      media_type: item.mediaType,
      duration: item.duration,
      width: item.width,
      height: item.height,
      variants: item.objectKey ? (item.variants ?? []) : [],
    })),
    file: download,
    file_url: download ?? (app.fileUrl ? absolute(origin, app.fileUrl) : null),
    file_name: app.fileName,
    file_size: app.fileSize,
    download_count: app.downloadCount ?? 0,
    created_at: app.createdAt.toISOString(),
    updated_at: app.updatedAt.toISOString(),
    itms_url: app.itmsUrl,
    install_url:
      app.itmsUrl ||
      (app.fileKey && (app.appType === "itms-ipa" || app.appType === "ipa")
        ? `itms-services://?action=download-manifest&url=${encodeURIComponent(absolute(origin, manifestPath(app.id)))}`
        : null),
    testflight_url: app.testflightUrl,
    bundle_identifier: app.bundleIdentifier || BUNDLE_ID_PLACEHOLDER,
    build_number: app.buildNumber,
    minimum_os_version: app.minimumOsVersion || DEFAULT_MINIMUM_OS,
    trial_hours: app.trialHours,
  };
}

async function mediaByApp(db: Database, appIds: number[]): Promise<Map<number, MediaRow[]>> {
  const byApp = new Map<number, MediaRow[]>();
  if (appIds.length === 0) return byApp;
  // D1 allows 100 bound parameters per statement: look media up in chunks.
  for (let start = 0; start < appIds.length; start += 90) {
    const rows = await db
      .select()
      .from(appMedia)
      .where(inArray(appMedia.appId, appIds.slice(start, start + 90)))
      .orderBy(asc(appMedia.position), asc(appMedia.id));
    for (const row of rows) {
      const list = byApp.get(row.appId) ?? [];
      list.push(row);
      byApp.set(row.appId, list);
    }
  }
  return byApp;
}

/** Every app a visitor may see (failed apps are hidden), most recently updated first. */
export async function listPublicApps(db: Database, origin: string): Promise<PublicApp[]> {
  const rows = await db.select().from(apps).where(visible).orderBy(desc(apps.updatedAt), desc(apps.id));
  const media = await mediaByApp(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toPublicApp(row, media.get(row.id) ?? [], origin));
}

/** What a home-page card shows: no description, changelog or media, so a page of cards is small. */
export type AppCardData = Pick<PublicApp, "id" | "url" | "name" | "name_en" | "developer" | "icon_url" | "icon_width" | "icon_variants" | "app_type" | "version" | "file_size" | "download_count" | "created_at" | "updated_at">;

export type CataloguePage = {
  apps: AppCardData[];
  page: number;
  totalPages: number;
  /** The apps that match the filter (all visible apps without one). */
  total: number;
  lastUpdated: string | null;
};

/** What the home grid shows: the words searched (normalised, see workers/shared/search.ts) and one type, or everything. */
export type CatalogueFilter = { query: string; type: AppType | null };

function cardOf(row: AppRow, origin: string): AppCardData {
  const app = toPublicApp(row, [], origin);
  return {
    id: app.id,
    url: app.url,
    name: app.name,
    name_en: app.name_en,
    developer: app.developer,
    icon_url: app.icon_url,
    icon_width: app.icon_width,
    icon_variants: app.icon_variants,
    app_type: app.app_type,
    version: app.version,
    file_size: app.file_size,
    download_count: app.download_count,
    created_at: app.created_at,
    updated_at: app.updated_at,
  };
}


function catalogueSummary(db: Database) {
  return db
    .select({ lastUpdated: sql<number | null>`max(${apps.updatedAt})` })
    .from(apps)
    .where(visible);
}

const APP_COLUMNS = Object.entries(getTableColumns(apps));

/** A row of `SELECT apps.*` read as drizzle reads the table's rows (its columns' decoders: dates, JSON). */
function appFromRow(row: Record<string, unknown>): AppRow {
  return Object.fromEntries(APP_COLUMNS.map(([key, column]) => [key, row[column.name] == null ? null : column.mapFromDriverValue(row[column.name])])) as AppRow;
}

/** The search: one D1 batch (workers/db/statements/home-search.ts) answers the summary, the count and the page's rows. */
async function searchPage(db: Database, filter: CatalogueFilter, page: number, pageSize: number) {
  const d1 = db.$client;
  const [summary, counted, ranked] = await d1.batch(homeSearchStatements(filter, page, pageSize).map((query) => d1.prepare(query.sql).bind(...query.params)));
  return {
    summary: summary.results[0] as { lastUpdated: number | null } | undefined,
    total: Number((counted.results[0] as { total: number } | undefined)?.total ?? 0),
    rows: (ranked.results as Record<string, unknown>[]).map(appFromRow),
  };
}

/** The grid without a search's statements, in the batch's order (exported so tests can read the query plans). */
export function browseQueries(db: Database, filter: CatalogueFilter, page: number, pageSize: number) {
  const shown = filter.type ? and(visible, eq(apps.appType, filter.type)) : visible;
  return {
    summary: catalogueSummary(db),
    count: db.select({ total: sql<number>`count(*)` }).from(apps).where(shown),
    page: db
      .select()
      .from(apps)
      .where(shown)
      .orderBy(desc(apps.updatedAt), desc(apps.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  };
}

async function browsePage(db: Database, filter: CatalogueFilter, page: number, pageSize: number) {
  const queries = browseQueries(db, filter, page, pageSize);
  const [[summary], [counted], rows] = await db.batch([queries.summary, queries.count, queries.page]);
  return { summary, total: Number(counted?.total ?? 0), rows };
}

/**
 * One page of the home grid and the catalogue's last change. Without a search, most recently
 * updated first (optionally of one type); with one, best matches first.
 */
export async function listPublicAppPage(
  db: Database,
  origin: string,
  page: number,
  pageSize: number,
  filter: CatalogueFilter = { query: "", type: null },
): Promise<CataloguePage> {
  const { summary, total, rows } = filter.query ? await searchPage(db, filter, page, pageSize) : await browsePage(db, filter, page, pageSize);
  return {
    apps: rows.map((row) => cardOf(row, origin)),
    page,
    totalPages: Math.max(1, Math.ceil(total / pageSize)),
    total,
    lastUpdated: summary?.lastUpdated ? new Date(Number(summary.lastUpdated)).toISOString() : null,
  };
}

async function publicAppWhere(db: Database, origin: string, condition: ReturnType<typeof eq>): Promise<PublicApp | null> {
  const [row] = await db
    .select()
    .from(apps)
    .where(and(condition, visible))
    .limit(1);
  if (!row) return null;
  const media = await mediaByApp(db, [row.id]);
  return toPublicApp(row, media.get(row.id) ?? [], origin);
}

export function findPublicAppBySlug(db: Database, origin: string, slug: string): Promise<PublicApp | null> {
  return publicAppWhere(db, origin, eq(apps.url, slug));
}

export function findPublicAppById(db: Database, origin: string, id: number): Promise<PublicApp | null> {
  return publicAppWhere(db, origin, eq(apps.id, id));
}

/** The app page's lookup (docs/product.md §2): the slug against each app's url, else the id. */
export async function findPublicApp(db: Database, origin: string, slugOrId: string): Promise<PublicApp | null> {
  const bySlug = await findPublicAppBySlug(db, origin, slugOrId);
  if (bySlug) return bySlug;
  const id = parseAppId(slugOrId);
  return id === null ? null : findPublicAppById(db, origin, id);
}

/** The database the public pages read the catalogue with: the pages never open workers/db themselves. */
export function catalogueDb(d1: D1Database): Database {
  return getDb(d1);
}

/** An app id written as ids are (workers/shared/fields.ts), or null: a slug, or another spelling of a number. */
export function parseAppId(value: string): number | null {
  const id = wholeNumber(value);
  return id !== null && id > 0 ? id : null;
}

/** What a download needs to know about a visible app's stored file. */
export async function findDownloadableFile(db: Database, id: number) {
  const [row] = await db
    .select({ id: apps.id, url: apps.url, version: apps.version, fileKey: apps.fileKey, fileName: apps.fileName, appType: apps.appType })
    .from(apps)
    .where(and(eq(apps.id, id), visible))
    .limit(1);
  return row?.fileKey ? { ...row, fileKey: row.fileKey } : null;
}

/** One more download of the app; the count is on the public pages, so their edge copies are superseded. */
/**
 * Counts a download. It does not raise the catalogue version: a count is cosmetic, and raising it
 * on every download would empty the edge cache as fast as visitors fill it. Cached pages show a
 * count at most EDGE_TTL_SECONDS old.
 */
export async function countDownload(db: Database, id: number): Promise<void> {
  await db
    .update(apps)
    .set({ downloadCount: sql`${apps.downloadCount} + 1` })
    .where(eq(apps.id, id));
}

/** The id of a visible app named by its slug or its id (docs/product.md §7: `{app}` may be either). */
export function resolvePublicAppId(db: Database, slugOrId: string): Promise<number | null> {
  return appIdNamed(db, slugOrId, visible);
}

/** The id of any app, hidden ones too, named by its slug or its id as sent (" 5" names nothing): the admin's screens. */
export function resolveAdminAppId(db: Database, slugOrId: string): Promise<number | null> {
  return appIdNamed(db, slugOrId, undefined);
}

/** A slug wins over an id that spells the same. */
async function appIdNamed(db: Database, slugOrId: string, only: SQL | undefined): Promise<number | null> {
  const id = parseAppId(slugOrId);
  const [row] = await db
    .select({ id: apps.id })
    .from(apps)
    .where(and(id === null ? eq(apps.url, slugOrId) : sql`(${apps.url} = ${slugOrId} OR ${apps.id} = ${id})`, only))
    .orderBy(sql`${apps.url} = ${slugOrId} DESC`)
    .limit(1);
  return row?.id ?? null;
}
