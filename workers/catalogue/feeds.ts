// What real clients read (docs/formats.md#altstore): an AltStore/SideStore source of the IPA apps and an
// APT repository of the DEB tweaks, both built from the catalogue in D1 (docs/decisions/0009).
import { and, asc, eq, gt, inArray, isNotNull, ne } from "drizzle-orm";
import { z } from "zod";
import type { Config } from "../platform/config";
import type { Database } from "../db/client";
import { appMedia, appPauses, appReleases, apps, fileDigests, keyPricing, keyTypes } from "../db/schema";
import { hex } from "../lib/bytes";
import { logEvent } from "../lib/log";
import { BUNDLE_ID_PLACEHOLDER, DEFAULT_MINIMUM_OS, UNKNOWN_DEVELOPER, absolute, appIconUrl, downloadPath, mediaPath, releaseDownloadPath, visible } from "./catalogue";

type AppRow = typeof apps.$inferSelect;

/** `apps.package_info`: what the IPA/DEB reader found, as the admin API stores it. */
export type PackageInfo = {
  /** Every field of a DEB's control file, names as written. */
  deb_control?: Record<string, string>;
  /** An IPA's NS…UsageDescription strings. */
  privacy?: Record<string, string>;
  /** The entitlements an IPA's provisioning profile grants. */
  entitlements?: string[];
};

const packageInfoSchema = z.object({
  deb_control: z.record(z.string(), z.string()).optional().catch(undefined),
  privacy: z.record(z.string(), z.string()).optional().catch(undefined),
  entitlements: z.array(z.string()).optional().catch(undefined),
});

/** The stored JSON, with any part that does not have the contract's shape left out. */
export function readPackageInfo(value: unknown): PackageInfo {
  const parsed = packageInfoSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : {};
}

function appPageUrl(origin: string, slug: string): string {
  return absolute(origin, `/${encodeURIComponent(slug)}`);
}

function firstLine(text: string, max: number): string {
  const line = text.trim().split("\n")[0]?.trim() ?? "";
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

// ---------------------------------------------------------------- AltStore / SideStore source

/** AltStore and SideStore install and re-sign plain IPAs; a TIPA needs TrollStore (decision 0009). */
const SOURCE_APP_TYPES = ["ipa", "itms-ipa"] as const;

type SourceVersion = {
  version: string;
  buildVersion?: string;
  date: string;
  localizedDescription?: string;
  downloadURL: string;
  size: number;
  /** The file's SHA-256 (hex), stored when it was uploaded; left out for a file stored without one. */
  sha256?: string;
  minOSVersion: string;
};

type SourceApp = {
  name: string;
  bundleIdentifier: string;
  developerName: string;
  subtitle?: string;
  localizedDescription: string;
  iconURL: string;
  screenshotURLs: string[];
  appPermissions?: { entitlements: string[]; privacy: Record<string, string> };
  versions: SourceVersion[];
  // The latest version again, for AltStore 1.x, which reads only these.
  version: string;
  versionDate: string;
  versionDescription?: string;
  downloadURL: string;
  size: number;
};

/** An update notice: sideloading apps show it and, with `notify`, tell the user (one per published version). */
type SourceNews = { title: string; identifier: string; caption: string; date: string; notify: true; appID: string; url: string };

export type AltStoreSource = { name: string; identifier: string; sourceURL: string; apps: SourceApp[]; news: SourceNews[] };

/**
 * The source's identifier: configured, else the public host reversed (`store.example.vn` →
 * `vn.example.store`); an address or a single-label host (local development) → `local.<host>`.
 */
export function sourceIdentifier(config: Config, origin: string): string {
  if (config.ALTSTORE_SOURCE_ID) return config.ALTSTORE_SOURCE_ID;
  const host = new URL(config.PUBLIC_BASE_URL || origin).hostname.toLowerCase();
  if (/^[\d.]+$|^\[|^[^.]+$/.test(host)) return `local.${host.replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "")}`;
  return host.split(".").reverse().join(".");
}

/** ISO 8601 to the second: AltStore's date parser does not take fractions of a second. */
function isoDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

type Build = {
  app: AppRow;
  order: [number, number];
  version: string;
  buildVersion: string | null;
  fileKey: string;
  size: number | null;
  sha256: string | null;
  minOs: string | null;
  changelog: string | null;
  createdAt: Date;
  downloadURL: string;
};

const sourceApps = (and(
  visible,
  inArray(apps.appType, [...SOURCE_APP_TYPES]),
  isNotNull(apps.fileKey),
  isNotNull(apps.bundleIdentifier),
  ne(apps.bundleIdentifier, ""),
  ne(apps.bundleIdentifier, BUNDLE_ID_PLACEHOLDER),
))!;

/** A pause's news stays in the source this long after it began. */
const PAUSE_NEWS_MS = 30 * 86_400_000;

/**
 * The news of each listed app's pauses and resumes within PAUSE_NEWS_MS (issue 55 item 1,
 * workers/licensing/app-pause.ts): the shop's reason when it paused, and the resume, which gave
 * every running key the pause's length back. One item each, identified by the pause.
 */
async function pauseNews(db: Database, groups: Map<string, Build[]>, origin: string): Promise<SourceNews[]> {
  const byApp = new Map([...groups].map(([bundle, group]) => [group[0].app.id, { bundle, app: group[0].app }]));
  if (byApp.size === 0) return [];
  const pauses = await db
    .select()
    .from(appPauses)
    .where(and(inArray(appPauses.appId, [...byApp.keys()]), gt(appPauses.pausedAt, Date.now() - PAUSE_NEWS_MS)));
  return pauses.flatMap((pause) => {
    const listed = byApp.get(pause.appId);
    if (!listed) return [];
    const base = { notify: true as const, appID: listed.bundle, url: appPageUrl(origin, listed.app.url) };
    const paused = { ...base, title: `${listed.app.name}: tạm dừng`, identifier: `${listed.bundle}-pause-${pause.id}`, caption: pause.reason, date: isoDate(new Date(pause.pausedAt)) };
    if (pause.resumedAt === null) return [paused];
    const resumed = {
      ...base,
      title: `${listed.app.name}: hoạt động trở lại`,
      identifier: `${listed.bundle}-resume-${pause.id}`,
      caption: "Đã hoạt động trở lại. Thời hạn key được cộng thêm đúng thời gian tạm dừng.",
      date: isoDate(new Date(pause.resumedAt)),
    };
    return [paused, resumed];
  });
}

/**
 * One app per bundle identifier (apps sharing one are merged), its stored builds newest first
 * (latest created_at, then id), one entry per version string.
 */
export async function buildAltStoreSource(env: Env, db: Database, config: Config, origin: string): Promise<AltStoreSource> {
  const rows = await db.select().from(apps).where(sourceApps);
  const releases = await db
    .select({ release: appReleases })
    .from(appReleases)
    .innerJoin(apps, eq(apps.id, appReleases.appId))
    .where(and(sourceApps, isNotNull(appReleases.fileKey)));
  const shots = await db
    .select({ appId: appMedia.appId, objectKey: appMedia.objectKey, externalUrl: appMedia.externalUrl })
    .from(appMedia)
    .innerJoin(apps, eq(apps.id, appMedia.appId))
    .where(and(sourceApps, eq(appMedia.mediaType, "image")))
    .orderBy(asc(appMedia.position), asc(appMedia.id));

  const byId = new Map(rows.map((row) => [row.id, row]));
  const builds: Build[] = [];
  for (const { release } of releases) {
    const app = byId.get(release.appId)!;
    builds.push({
      app,
      order: [release.createdAt.getTime(), release.id],
      version: release.version,
      buildVersion: release.buildNumber,
      fileKey: release.fileKey!,
      size: release.fileSize,
      sha256: release.fileSha256 ?? (release.fileKey === app.fileKey ? app.fileSha256 : null),
      minOs: release.minimumOsVersion,
      changelog: release.changelog,
      createdAt: release.createdAt,
      // The current file goes through the app's own download link; older builds have theirs.
      downloadURL: absolute(origin, release.fileKey === app.fileKey ? downloadPath(app.id) : releaseDownloadPath(app.id, release.id)),
    });
  }
  // An app whose current file has no release row still offers that file.
  for (const app of rows) {
    if (builds.some((build) => build.app.id === app.id && build.fileKey === app.fileKey)) continue;
    builds.push({
      app,
      order: [app.updatedAt.getTime(), 0],
      version: app.version,
      buildVersion: app.buildNumber,
      fileKey: app.fileKey!,
      size: app.fileSize,
      sha256: app.fileSha256,
      minOs: app.minimumOsVersion,
      changelog: app.changelog,
      createdAt: app.updatedAt,
      downloadURL: absolute(origin, downloadPath(app.id)),
    });
  }
  builds.sort((a, b) => b.order[0] - a.order[0] || b.order[1] - a.order[1]);

  const groups = new Map<string, Build[]>();
  for (const build of builds) {
    const bundle = build.app.bundleIdentifier!;
    const group = groups.get(bundle) ?? [];
    if (!build.version || group.some((other) => other.version === build.version)) continue;
    group.push(build);
    groups.set(bundle, group);
  }

  const sourceAppsList: SourceApp[] = [];
  const news: SourceNews[] = await pauseNews(db, groups, origin);
  for (const [bundleIdentifier, group] of groups) {
    const versions: SourceVersion[] = [];
    for (const build of group) {
      const size = build.size ?? (await env.FILES.head(build.fileKey))?.size;
      if (size === undefined) continue; // the file is gone: nothing to install
      versions.push({
        version: build.version,
        ...(build.buildVersion ? { buildVersion: build.buildVersion } : {}),
        date: isoDate(build.createdAt),
        ...(build.changelog?.trim() ? { localizedDescription: build.changelog.trim() } : {}),
        downloadURL: build.downloadURL,
        size,
        // Computed once when the file was uploaded (app-admin.ts, uploads.ts), never on a request.
        ...(build.sha256 ? { sha256: build.sha256 } : {}),
        minOSVersion: build.minOs || build.app.minimumOsVersion || DEFAULT_MINIMUM_OS,
      });
    }
    if (versions.length === 0) continue;
    const app = group[0].app; // the app behind the newest build speaks for the merged listing
    const info = readPackageInfo(app.packageInfo);
    const latest = versions[0];
    for (const version of versions) {
      news.push({
        title: `${app.name} ${version.version}`,
        identifier: `${bundleIdentifier}-${version.version}`,
        caption: version.localizedDescription ?? `Đã có phiên bản ${version.version}`,
        date: version.date,
        notify: true,
        appID: bundleIdentifier,
        url: appPageUrl(origin, app.url),
      });
    }
    const subtitle = firstLine(app.description, 80);
    sourceAppsList.push({
      name: app.name,
      bundleIdentifier,
      developerName: app.developer?.trim() || UNKNOWN_DEVELOPER,
      ...(subtitle ? { subtitle } : {}),
      localizedDescription: app.description || app.name,
      iconURL: appIconUrl(app, origin) ?? absolute(origin, "/favicon.svg"),
      screenshotURLs: shots
        .filter((shot) => shot.appId === app.id)
        .map((shot) => absolute(origin, shot.objectKey ? mediaPath(shot.objectKey) : (shot.externalUrl ?? "")))
        .filter((url) => url !== origin),
      ...(info.entitlements || info.privacy ? { appPermissions: { entitlements: info.entitlements ?? [], privacy: info.privacy ?? {} } } : {}),
      versions,
      version: latest.version,
      versionDate: latest.date,
      ...(latest.localizedDescription ? { versionDescription: latest.localizedDescription } : {}),
      downloadURL: latest.downloadURL,
      size: latest.size,
    });
  }

  return {
    name: config.SITE_NAME,
    identifier: sourceIdentifier(config, origin),
    sourceURL: absolute(origin, "/altstore.json"),
    apps: sourceAppsList,
    // Newest first, as AltStore lists them.
    news: news.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0)),
  };
}

// ---------------------------------------------------------------- APT repository

const DEB_APP_TYPES = ["rootless", "rootfull", "roothide"] as const;
/** Debian architecture per jailbreak flavour (docs/formats.md#apt). */
const DEB_ARCHITECTURES: Record<(typeof DEB_APP_TYPES)[number], string> = {
  rootless: "iphoneos-arm64",
  rootfull: "iphoneos-arm",
  roothide: "iphoneos-arm64e",
};
const ARCHITECTURES = Object.values(DEB_ARCHITECTURES);

/** Fields the repository writes itself; a control file's own copies are dropped. */
const INDEX_FIELDS = new Set(["package", "version", "architecture", "filename", "size", "md5sum", "sha1", "sha256", "sha512", "depiction", "icon", "tag"]);
const FIELD_NAME = /^[!-9;-~]+$/;

export type AptRepository = { packages: string; packagesGz: Uint8Array<ArrayBuffer>; release: string };

/** `Name: value`, continuation lines indented, empty ones written as ` .` (Debian policy 5.1). */
function controlField(name: string, value: string): string {
  const [first, ...rest] = value.replace(/\r\n?/g, "\n").split("\n");
  return [`${name}: ${first.trim()}`, ...rest.map((line) => ` ${line.trim() === "" ? "." : line.trimEnd()}`)].join("\n");
}

function field(control: Record<string, string>, name: string): string | undefined {
  const key = Object.keys(control).find((candidate) => candidate.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : control[key].trim() || undefined;
}

/** `Filename:` names this path under /repo/; the digest part ties it to one content. */
export function poolPath(appId: number, sha256: string, filename: string): string {
  const safe = filename.replace(/[^A-Za-z0-9._+~-]/g, "_").replace(/^\.+/, "") || "package";
  return `pool/${appId}/${sha256.slice(0, 16)}/${safe.endsWith(".deb") ? safe : `${safe}.deb`}`;
}

type Digest = { sha256: string; md5: string; size: number };

/**
 * SHA-256 and MD5 of an app's current file. The SHA-256 is stored with the app; the MD5 is
 * stored once per content in file_digests: R2 knows it for single-part uploads, otherwise the
 * file is read once and hashed.
 */
async function fileDigest(env: Env, db: Database, app: AppRow, knownMd5: Map<string, string>): Promise<Digest | null> {
  const key = app.fileKey!;
  const storedMd5 = app.fileSha256 ? knownMd5.get(app.fileSha256) : undefined;
  if (app.fileSha256 && storedMd5 && app.fileSize !== null) return { sha256: app.fileSha256, md5: storedMd5, size: app.fileSize };

  const head = await env.FILES.head(key);
  if (!head) return null;
  let sha256 = app.fileSha256;
  let md5 = storedMd5 ?? (head.checksums.md5 ? hex(new Uint8Array(head.checksums.md5)) : undefined);
  if (!sha256 || !md5) {
    const object = await env.FILES.get(key);
    if (!object) return null;
    // The DOM lib's Crypto type hides the Workers runtime's DigestStream.
    const { DigestStream: Digest } = crypto as unknown as { DigestStream: typeof DigestStream };
    const md5Stream = new Digest("MD5");
    const shaStream = new Digest("SHA-256");
    const [forMd5, forSha] = object.body.tee();
    await Promise.all([forMd5.pipeTo(md5Stream), forSha.pipeTo(shaStream)]);
    md5 = hex(new Uint8Array(await md5Stream.digest));
    const computed = hex(new Uint8Array(await shaStream.digest));
    if (sha256 && sha256 !== computed) logEvent("error", "file_sha256_mismatch", { app_id: app.id, detail: "apps.file_sha256 does not match the file; the index uses the file's" });
    sha256 = computed;
    if (!app.fileSha256) {
      await db.update(apps).set({ fileSha256: sha256 }).where(and(eq(apps.id, app.id), eq(apps.fileKey, key)));
    }
  }
  await db.insert(fileDigests).values({ sha256, md5 }).onConflictDoNothing();
  return { sha256, md5, size: app.fileSize ?? head.size };
}

async function knownDigests(db: Database, hashes: string[]): Promise<Map<string, string>> {
  const known = new Map<string, string>();
  // D1 allows 100 bound parameters per statement.
  for (let start = 0; start < hashes.length; start += 90) {
    const rows = await db.select().from(fileDigests).where(inArray(fileDigests.sha256, hashes.slice(start, start + 90)));
    for (const row of rows) known.set(row.sha256, row.md5);
  }
  return known;
}

/** The `Package` field of an app's entry: its control file's, else its bundle id or slug in lower case. */
function packageName(app: AppRow, control: Record<string, string>): string {
  return field(control, "Package") ?? (app.bundleIdentifier || app.url).toLowerCase();
}

/** The tag both Sileo and Zebra match to ask the payment provider for a package's price and state. */
const COMMERCIAL_TAG = "cydia::commercial";

/** The `Tag` field: the control file's tags, with the commercial tag added when the app sells keys. */
function tagField(control: Record<string, string>, sellsKeys: boolean): string | undefined {
  const tags = (field(control, "Tag") ?? "").split(",").map((tag) => tag.trim()).filter((tag) => tag && tag !== COMMERCIAL_TAG);
  if (sellsKeys) tags.push(COMMERCIAL_TAG);
  return tags.length > 0 ? tags.join(", ") : undefined;
}

function stanza(app: AppRow, origin: string, digest: Digest, sellsKeys: boolean): { key: string; text: string } {
  const control = readPackageInfo(app.packageInfo).deb_control ?? {};
  const declared = field(control, "Architecture");
  const architecture = declared && ARCHITECTURES.includes(declared) ? declared : DEB_ARCHITECTURES[app.appType as keyof typeof DEB_ARCHITECTURES];
  const name = packageName(app, control);
  const version = field(control, "Version") ?? (app.version || "1.0");
  const icon = appIconUrl(app, origin) ?? field(control, "Icon");

  const lines = [controlField("Package", name), controlField("Version", version), controlField("Architecture", architecture)];
  for (const [fieldName, value] of Object.entries(control)) {
    if (INDEX_FIELDS.has(fieldName.toLowerCase()) || !FIELD_NAME.test(fieldName) || /^[#-]/.test(fieldName)) continue;
    lines.push(controlField(fieldName, value));
  }
  const tags = tagField(control, sellsKeys);
  if (tags) lines.push(controlField("Tag", tags));
  if (!field(control, "Name")) lines.push(controlField("Name", app.name));
  if (!field(control, "Description")) lines.push(controlField("Description", firstLine(app.description, 200) || app.name));
  lines.push(controlField("Depiction", appPageUrl(origin, app.url)));
  if (icon) lines.push(controlField("Icon", icon));
  const filename = app.fileName || `${name}_${version}_${architecture}.deb`;
  lines.push(
    controlField("Filename", poolPath(app.id, digest.sha256, filename)),
    controlField("Size", String(digest.size)),
    controlField("MD5sum", digest.md5),
    controlField("SHA256", digest.sha256),
  );
  return { key: `${name}\u0000${version}\u0000${architecture}`, text: `${lines.join("\n")}\n` };
}

async function gzip(text: string): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function digestHex(algorithm: "MD5" | "SHA-256", bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  return hex(new Uint8Array(await crypto.subtle.digest(algorithm, bytes)));
}

/** The index files of a flat repository (`deb <origin>/repo/ ./`): Packages, Packages.gz and the Release that checksums both. */
export async function buildAptRepository(env: Env, db: Database, config: Config, origin: string, now = new Date()): Promise<AptRepository> {
  const rows = await db
    .select()
    .from(apps)
    .where(and(visible, inArray(apps.appType, [...DEB_APP_TYPES]), isNotNull(apps.fileKey)));
  // Newest first, so that of two apps offering the same package version the newer one is kept.
  rows.sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || b.id - a.id);
  const known = await knownDigests(db, rows.flatMap((row) => (row.fileSha256 ? [row.fileSha256] : [])));
  const selling = await appsSellingKeys(db);

  const stanzas = new Map<string, string>();
  for (const app of rows) {
    const digest = await fileDigest(env, db, app, known);
    if (!digest) continue; // no file in storage: apt could not download it
    const { key, text } = stanza(app, origin, digest, selling.has(app.id));
    if (!stanzas.has(key)) stanzas.set(key, text);
  }
  const packages = [...stanzas.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, text]) => text)
    .join("\n");
  const packagesGz = await gzip(packages);

  const files = [
    { name: "Packages", bytes: new TextEncoder().encode(packages) },
    { name: "Packages.gz", bytes: packagesGz },
  ];
  const sums = await Promise.all(
    files.map(async (file) => ({ ...file, md5: await digestHex("MD5", file.bytes), sha256: await digestHex("SHA-256", file.bytes) })),
  );
  const label = config.SITE_NAME.replace(/\s+/g, " ").trim();
  const release = [
    `Origin: ${label}`,
    `Label: ${label}`,
    "Suite: stable",
    "Version: 1.0",
    "Codename: ios",
    `Architectures: ${ARCHITECTURES.join(" ")}`,
    "Components: main",
    `Description: ${label}: tweak DEB cho rootless, rootful và roothide`,
    `Date: ${now.toUTCString().replace("GMT", "UTC")}`,
    "MD5Sum:",
    ...sums.map((file) => ` ${file.md5} ${file.bytes.byteLength} ${file.name}`),
    "SHA256:",
    ...sums.map((file) => ` ${file.sha256} ${file.bytes.byteLength} ${file.name}`),
  ].join("\n");
  return { packages, packagesGz, release: `${release}\n` };
}

/** The apps with a key pricing on sale (it and its key type switched on). */
async function appsSellingKeys(db: Database): Promise<Set<number>> {
  const rows = await db
    .selectDistinct({ appId: keyPricing.appId })
    .from(keyPricing)
    .innerJoin(keyTypes, eq(keyTypes.id, keyPricing.keyTypeId))
    .where(and(eq(keyPricing.isActive, true), eq(keyTypes.isActive, true)));
  return new Set(rows.map((row) => row.appId));
}

/**
 * The listed DEB app whose entry in /repo/Packages carries `Package: packageId` (what Sileo and
 * Zebra name in the payment provider API), the newest when several do; null for none, and for an
 * app hidden or deleted since.
 */
export async function findPackageApp(db: Database, packageId: string): Promise<AppRow | null> {
  const rows = await db
    .select()
    .from(apps)
    .where(and(visible, inArray(apps.appType, [...DEB_APP_TYPES]), isNotNull(apps.fileKey)));
  rows.sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || b.id - a.id);
  return rows.find((app) => packageName(app, readPackageInfo(app.packageInfo).deb_control ?? {}) === packageId) ?? null;
}

/** A listed DEB app with its file, by id (a package manager's download link); null when hidden or deleted since. */
export async function findDebApp(db: Database, appId: number): Promise<AppRow | null> {
  const [row] = await db
    .select()
    .from(apps)
    .where(and(eq(apps.id, appId), visible, inArray(apps.appType, [...DEB_APP_TYPES]), isNotNull(apps.fileKey)))
    .limit(1);
  return row ?? null;
}

/** The `Package` names of those of `appIds` still listed as DEBs (what a phone's user_info lists). */
export async function listedPackageIds(db: Database, appIds: number[]): Promise<string[]> {
  if (appIds.length === 0) return [];
  const rows = await db
    .select()
    .from(apps)
    .where(and(inArray(apps.id, appIds.slice(0, 90)), visible, inArray(apps.appType, [...DEB_APP_TYPES]), isNotNull(apps.fileKey)));
  return [...new Set(rows.map((app) => packageName(app, readPackageInfo(app.packageInfo).deb_control ?? {})))];
}

/** The DEB behind a pool path, when it is still a visible app's current file with that digest. */
export async function findPoolFile(db: Database, appId: number, digestPrefix: string) {
  const [row] = await db
    .select({ id: apps.id, fileKey: apps.fileKey, fileName: apps.fileName, fileSha256: apps.fileSha256 })
    .from(apps)
    .where(and(eq(apps.id, appId), visible, inArray(apps.appType, [...DEB_APP_TYPES]), isNotNull(apps.fileKey)))
    .limit(1);
  if (!row?.fileKey || !row.fileSha256 || !/^[0-9a-f]{16}$/.test(digestPrefix) || !row.fileSha256.startsWith(digestPrefix)) return null;
  return { id: row.id, fileKey: row.fileKey, fileName: row.fileName };
}

/** A stored build of a visible IPA app (the source's older versions). */
export async function findReleaseFile(db: Database, appId: number, releaseId: number) {
  const [row] = await db
    .select({ appId: apps.id, url: apps.url, version: appReleases.version, fileKey: appReleases.fileKey })
    .from(appReleases)
    .innerJoin(apps, eq(apps.id, appReleases.appId))
    .where(and(eq(appReleases.id, releaseId), eq(apps.id, appId), visible, inArray(apps.appType, [...SOURCE_APP_TYPES])))
    .limit(1);
  return row?.fileKey ? { ...row, fileKey: row.fileKey } : null;
}
