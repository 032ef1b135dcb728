// Admins publish the catalogue (docs/product.md §7 "Apps"): create, update and delete apps with their
// package, icon and media. Files arrive either as parts of the form (small ones) or as keys of
// finished multipart uploads (uploads.ts); both pass the same checks (app-files.ts). A refused
// request stores nothing: objects written for it are deleted, uploads it claimed are released.
import { and, asc, desc, eq, inArray, max, type SQL, sql } from "drizzle-orm";
import { APP_FORM_MESSAGES, type AppFormFacts, appFormProblem, packageMismatchMessage } from "../shared/app-form";
import { packageFits } from "../shared/catalogue/app-form-fields";
import { type AdminActor, auditQuery, changedFields } from "../db/statements/audit";
import { ConflictError, NotFoundError, ValidationError } from "../platform/errors";
import type { Database } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { appMedia, appPauses, appReleases, apps, type AppType, keyBulkPreviews, keyPricing, uploads } from "../db/schema";
import { authorName, bytesReader, developerFromBundleId } from "../lib/packages";
import {
  type CheckedFile,
  type CheckedMedia,
  type CheckedPackage,
  checkFileContent,
  packageInfoOf,
} from "./app-files";
import { type PublicApp, toPublicApp } from "./catalogue";
import { APP_ADMIN_MESSAGES } from "./messages";
import type { AppForm } from "./schemas/app-form";
import { hex } from "../lib/bytes";
import { r2Reader } from "./files";
import { missingKeys } from "./missing-files";
import { attachUploads, findCompletedUpload, objectKeyFor, type UploadRow } from "./uploads";
import { ICON_WIDTHS, type ImageFacts, MEDIA_WIDTHS, makeImageVariants, storedImageKeys } from "./image-variants";
import { variantUrl } from "../shared/image-variants";
import type { UploadKind } from "../shared/enums";
import { queueUpdateNotices } from "../db/statements/buyer-mails";

type AppRow = typeof apps.$inferSelect;

export type ExtractedInfo = {
  auto_filled: boolean;
  bundle_id?: string;
  build_number?: string;
  minimum_os_version?: string;
  final_name?: string;
  version?: string;
  app_name?: string;
  deb_control?: Record<string, string>;
};

/** A file of the request, checked, and where it will live in R2. */
type IncomingFile = {
  checked: CheckedFile;
  objectKey: string;
  filename: string;
  size: number;
  sha256: string | null;
  /** Bytes to write (a form part) or null (already in R2 as a completed upload). */
  bytes: Uint8Array | null;
  /** An image's size and its smaller copies, written beside it (image-variants.ts); null otherwise or until made. */
  image: ImageFacts | null;
};

const MAX_MEDIA_PER_REQUEST = 20;

// ---------------------------------------------------------------- the form's files

/**
 * Makes the copies of the request's icons and screenshots from the bytes the checks accepted, once
 * the request passed its rules (a refused form costs no resizing); nothing for packages and videos.
 */
async function makeImages(env: Env, files: IncomingFile[]): Promise<void> {
  for (const file of files) {
    const { checked } = file;
    if (checked.kind === "app_file" || checked.format.kind !== "image") continue;
    // An image is at most 5 MB (docs/product.md §9): whole in memory for the copies.
    let bytes = file.bytes;
    if (!bytes) {
      const object = await env.FILES.get(file.objectKey);
      if (!object) throw new Error(`R2 object ${file.objectKey} vanished while being read`);
      bytes = new Uint8Array(await object.arrayBuffer());
    }
    file.image = await makeImageVariants(env.IMAGES, bytes, checked.contentType, checked.kind === "icon" ? ICON_WIDTHS : MEDIA_WIDTHS);
  }
}

async function fromFormPart(kind: UploadKind, file: File): Promise<IncomingFile> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const checked = await checkFileContent(kind, file.name, bytesReader(bytes));
  const sha256 = kind === "app_file" ? hex(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))) : null;
  return { checked, objectKey: objectKeyFor(kind, crypto.randomUUID(), file.name), filename: file.name, size: bytes.byteLength, sha256, bytes, image: null };
}

async function fromUpload(env: Env, db: Database, kind: UploadKind, key: string): Promise<IncomingFile> {
  const upload: UploadRow = await findCompletedUpload(db, key, kind);
  // Read again (a few ranged reads): the checked facts feed extracted_info.
  const checked = await checkFileContent(kind, upload.filename, r2Reader(env.FILES, upload.objectKey, upload.size));
  return { checked, objectKey: upload.objectKey, filename: upload.filename, size: upload.size, sha256: upload.sha256, bytes: null, image: null };
}

type AppFiles = { pkg: IncomingFile | null; icon: IncomingFile | null; media: IncomingFile[] };

async function readFiles(env: Env, db: Database, form: AppForm): Promise<AppFiles> {
  const packages = [
    ...(await Promise.all(form.packages.map((file) => fromFormPart("app_file", file)))),
    ...(await Promise.all(form.packageKeys.map((key) => fromUpload(env, db, "app_file", key)))),
  ];
  if (packages.length > 1) throw new ValidationError(APP_ADMIN_MESSAGES.oneFile, { file: [APP_ADMIN_MESSAGES.oneFile] });
  const icons = [
    ...(await Promise.all(form.icons.map((file) => fromFormPart("icon", file)))),
    ...(await Promise.all(form.iconKeys.map((key) => fromUpload(env, db, "icon", key)))),
  ];
  if (icons.length > 1) throw new ValidationError(APP_ADMIN_MESSAGES.oneIcon, { icon: [APP_ADMIN_MESSAGES.oneIcon] });
  if (form.media.length + form.mediaKeys.length > MAX_MEDIA_PER_REQUEST) {
    throw new ValidationError(APP_ADMIN_MESSAGES.tooManyMedia(MAX_MEDIA_PER_REQUEST), { screenshots: [APP_ADMIN_MESSAGES.tooManyMedia(MAX_MEDIA_PER_REQUEST)] });
  }
  const media: IncomingFile[] = [];
  for (const file of form.media) media.push(await fromFormPart("media", file));
  for (const key of form.mediaKeys) media.push(await fromUpload(env, db, "media", key));
  return { pkg: packages[0] ?? null, icon: icons[0] ?? null, media };
}

// ---------------------------------------------------------------- the fields

type AppFields = {
  name: string;
  description: string;
  version: string;
  url: string;
  appType: AppType;
  developer: string | null;
  changelog: string;
  status: "active" | "failed";
  category: string;
  price: number;
  currency: "VND" | "USD";
  appVersion: string | null;
  itmsUrl: string | null;
  testflightUrl: string | null;
  minVersion: string | null;
  announcement: string | null;
  /** The English edition's name and description; null: it shows the Vietnamese ones. */
  nameEn: string | null;
  descriptionEn: string | null;
};

/** What a form sends of the fields: a field left undefined keeps its value. */
type Changes = { [Key in keyof AppFields]?: AppFields[Key] };

/** The form's fields over `base` (the existing app on update, the product's defaults on create). */
function withChanges(base: AppFields, changes: Changes): AppFields {
  return { ...base, ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) };
}

const CREATE_DEFAULTS: AppFields = {
  name: "",
  description: "",
  version: "",
  url: "",
  appType: "ipa",
  developer: null,
  changelog: "",
  status: "active",
  category: "games",
  price: 0,
  currency: "VND",
  appVersion: null,
  itmsUrl: null,
  testflightUrl: null,
  minVersion: null,
  announcement: null,
  nameEn: null,
  descriptionEn: null,
};

function fieldsOf(app: AppRow): AppFields {
  return {
    name: app.name,
    description: app.description,
    version: app.version,
    url: app.url,
    appType: app.appType,
    developer: app.developer,
    changelog: app.changelog,
    status: app.status,
    category: app.category,
    price: app.price,
    currency: app.currency,
    appVersion: app.appVersion,
    itmsUrl: app.itmsUrl,
    testflightUrl: app.testflightUrl,
    minVersion: app.minVersion,
    announcement: app.announcement,
    nameEn: app.nameEn,
    descriptionEn: app.descriptionEn,
  };
}

function checkRules(fields: AppFields, files: AppFiles, existing: AppRow | null): void {
  if (files.pkg && !packageFits(fields.appType, files.pkg.filename) && fields.appType !== "testflight") {
    const message = packageMismatchMessage(fields.appType);
    throw new ValidationError(message, { file: [message] });
  }
  const facts: AppFormFacts = {
    name: fields.name,
    description: fields.description,
    version: fields.version,
    url: fields.url,
    app_type: fields.appType,
    itms_url: fields.itmsUrl ?? "",
    testflight_url: fields.testflightUrl ?? "",
    hasIcon: Boolean(files.icon || existing?.iconKey || existing?.iconUrl),
    hasPackage: Boolean(files.pkg || (existing?.fileKey && packageFits(fields.appType, existing.fileName ?? existing.fileKey))),
  };
  const problem = appFormProblem(facts, existing ? "edit" : "create");
  if (problem) throw new ValidationError(problem.message, problem.errors);
}

/** Fills what the admin left blank from the package, and reports it as extracted_info. */
function applyPackage(fields: AppFields, pkg: CheckedPackage | null): { fields: AppFields; info: ExtractedInfo; columns: Partial<AppRow> } {
  if (!pkg) return { fields, info: { auto_filled: false }, columns: {} };
  if (pkg.ipa) {
    const ipa = pkg.ipa;
    const filled = { ...fields, name: fields.name || ipa.app_name, version: fields.version || ipa.version, developer: fields.developer || developerFromBundleId(ipa.bundle_id) || null };
    return {
      fields: filled,
      info: {
        auto_filled: true,
        bundle_id: ipa.bundle_id,
        build_number: ipa.build_number,
        minimum_os_version: ipa.minimum_os_version,
        final_name: filled.name,
        version: filled.version,
        app_name: ipa.app_name,
      },
      columns: { bundleIdentifier: ipa.bundle_id || null, buildNumber: ipa.build_number || null, minimumOsVersion: ipa.minimum_os_version, packageInfo: packageInfoOf(pkg) },
    };
  }
  const deb = pkg.deb!;
  const filled = { ...fields, name: fields.name || deb.Name || deb.Package, version: fields.version || deb.Version, developer: fields.developer || authorName(deb) || null };
  return {
    fields: filled,
    info: { auto_filled: true, bundle_id: deb.Package, final_name: filled.name, version: filled.version, app_name: deb.Name || deb.Package, deb_control: deb.fields },
    columns: { bundleIdentifier: deb.Package || null, buildNumber: null, packageInfo: packageInfoOf(pkg) },
  };
}

// ---------------------------------------------------------------- writing

/** Writes the form's own files and every image's copies to R2; returns the keys written, to undo on failure. */
async function putFormFiles(env: Env, files: IncomingFile[]): Promise<string[]> {
  const written: string[] = [];
  try {
    for (const file of files) {
      if (file.bytes) {
        await env.FILES.put(file.objectKey, file.bytes, { httpMetadata: { contentType: file.checked.contentType } });
        written.push(file.objectKey);
      }
      for (const variant of file.image?.variants ?? []) {
        const key = variantUrl(file.objectKey, variant.width);
        await env.FILES.put(key, variant.bytes, { httpMetadata: { contentType: "image/webp" } });
        written.push(key);
      }
    }
  } catch (error) {
    await deleteObjects(env, written);
    throw error;
  }
  return written;
}

/** Marks the request's uploads as used; all or none, or the request fails. */
async function claimUploads(db: Database, files: IncomingFile[]): Promise<string[]> {
  const keys = files.filter((file) => !file.bytes).map((file) => file.objectKey);
  if (!keys.length) return [];
  const claimed = await attachUploads(db, keys);
  if (claimed.length !== keys.length) {
    await releaseUploads(db, claimed.map((row) => row.key));
    throw new ConflictError(APP_ADMIN_MESSAGES.uploadInUse);
  }
  return keys;
}

async function releaseUploads(db: Database, keys: string[]): Promise<void> {
  if (keys.length) await db.update(uploads).set({ status: "completed" }).where(and(inArray(uploads.objectKey, keys), eq(uploads.status, "attached")));
}

async function deleteObjects(env: Env, keys: string[]): Promise<void> {
  const unique = [...new Set(keys.filter(Boolean))];
  for (let start = 0; start < unique.length; start += 1000) await env.FILES.delete(unique.slice(start, start + 1000));
}

/** Runs the database write; on any failure undoes the files and claims, and says why. */
async function commit<T>(env: Env, db: Database, files: IncomingFile[], write: () => Promise<T>): Promise<T> {
  const claimed = await claimUploads(db, files);
  let written: string[] = [];
  try {
    written = await putFormFiles(env, files);
    return await write();
  } catch (error) {
    await deleteObjects(env, written);
    await releaseUploads(db, claimed);
    // The url is the apps table's only unique column.
    if (isUniqueViolation(error)) throw new ValidationError(APP_FORM_MESSAGES.slugTaken, { url: [APP_FORM_MESSAGES.slugTaken] });
    throw error;
  }
}

/** An image's size and copies as the columns keep them (migrations/0017). */
function imageColumns(image: ImageFacts | null) {
  return { width: image?.width ?? null, height: image?.height ?? null, variants: image ? image.variants.map((variant) => variant.width) : null };
}

function iconColumns(icon: IncomingFile | null) {
  const { width, height, variants } = imageColumns(icon?.image ?? null);
  return { iconWidth: width, iconHeight: height, iconVariants: variants };
}

function mediaRows(appId: number | SQL, media: IncomingFile[], firstPosition: number) {
  return media.map((file, index) => {
    const checked = file.checked as CheckedMedia;
    return {
      appId,
      mediaType: checked.format.kind,
      objectKey: file.objectKey,
      contentType: checked.contentType,
      size: file.size,
      duration: checked.duration,
      ...imageColumns(file.image),
      position: firstPosition + index,
    };
  });
}

function releaseRow(appId: number | SQL, fields: AppFields, columns: Partial<AppRow>, pkg: IncomingFile, userId: number, now: Date) {
  return {
    appId,
    version: fields.version,
    buildNumber: columns.buildNumber ?? null,
    fileKey: pkg.objectKey,
    fileSize: pkg.size,
    fileSha256: pkg.sha256,
    minimumOsVersion: columns.minimumOsVersion ?? null,
    changelog: fields.changelog,
    createdBy: userId,
    createdAt: now,
  };
}

function toColumns(fields: AppFields) {
  return {
    name: fields.name,
    description: fields.description,
    version: fields.version,
    url: fields.url,
    appType: fields.appType,
    developer: fields.developer,
    changelog: fields.changelog,
    status: fields.status,
    category: fields.category,
    price: fields.price,
    currency: fields.currency,
    appVersion: fields.appVersion,
    itmsUrl: fields.itmsUrl,
    testflightUrl: fields.testflightUrl,
    minVersion: fields.minVersion,
    announcement: fields.announcement,
    nameEn: fields.nameEn,
    descriptionEn: fields.descriptionEn,
  };
}

/** What the audit log keeps of an app's columns: what the form sets, without the package's long metadata. */
function auditedColumns(fields: AppFields, columns: Partial<AppRow>) {
  const { packageInfo: _long, ...rest } = columns;
  return { ...toColumns(fields), ...rest };
}

/** The files a request stores, as the audit log describes them. */
function auditedFiles(files: { pkg: IncomingFile | null; icon: IncomingFile | null; media: IncomingFile[] }) {
  return {
    ...(files.pkg ? { file: { name: files.pkg.filename, size: files.pkg.size, sha256: files.pkg.sha256 } } : {}),
    ...(files.icon ? { icon: files.icon.objectKey } : {}),
    ...(files.media.length ? { media_added: files.media.length } : {}),
  };
}

export async function createApp(env: Env, db: Database, form: AppForm, actor: AdminActor, now: Date): Promise<{ id: number; extracted_info: ExtractedInfo }> {
  const files = await readFiles(env, db, form);
  const pkgChecked = files.pkg?.checked.kind === "app_file" ? (files.pkg.checked as CheckedPackage) : null;
  const applied = applyPackage(withChanges(CREATE_DEFAULTS, form.changes), pkgChecked);
  // Fields filled from the package count: a blank version is fine when the IPA has one.
  checkRules(applied.fields, files, null);
  const { fields, columns, info } = applied;
  const all = [files.pkg, files.icon, ...files.media].filter((file): file is IncomingFile => file !== null);
  await makeImages(env, all);

  const id = await commit(env, db, all, async () => {
    const appId = sql`(SELECT id FROM apps WHERE url = ${fields.url})`;
    const insertApp = db
      .insert(apps)
      .values({
        ...toColumns(fields),
        ...columns,
        iconKey: files.icon?.objectKey ?? null,
        ...iconColumns(files.icon),
        fileKey: files.pkg?.objectKey ?? null,
        fileName: files.pkg?.filename ?? null,
        fileSize: files.pkg?.size ?? null,
        fileSha256: files.pkg?.sha256 ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: apps.id });
    const rest = [
      ...(files.media.length ? [db.insert(appMedia).values(mediaRows(appId, files.media, 0))] : []),
      ...(files.pkg ? [db.insert(appReleases).values(releaseRow(appId, fields, columns, files.pkg, actor.userId, now))] : []),
    ];
    const { name, url, appType, version } = fields;
    const details = { name, url, app_type: appType, version, ...auditedFiles(files) };
    const [inserted] = await db.batch([insertApp, ...rest, auditQuery(db, { actor, action: "app.create", targetType: "app", targetId: url, details })]);
    return inserted[0].id;
  });
  return { id, extracted_info: info };
}

async function findAppRow(db: Database, id: number): Promise<AppRow | null> {
  const [row] = await db.select().from(apps).where(eq(apps.id, id)).limit(1);
  return row ?? null;
}

/** The app an update changes: a missing one answers 404 before its form is checked, as with JSON bodies. */
export async function appToUpdate(db: Database, id: number): Promise<AppRow> {
  const existing = await findAppRow(db, id);
  if (!existing) throw new NotFoundError(APP_FORM_MESSAGES.notFound);
  return existing;
}

export async function updateApp(env: Env, db: Database, existing: AppRow, form: AppForm, actor: AdminActor, now: Date): Promise<{ extracted_info: ExtractedInfo }> {
  const id = existing.id;
  // A form naming no field would "succeed" at changing nothing: it is told so instead.
  if (!form.namesAField) throw new ValidationError(APP_FORM_MESSAGES.nothingToUpdate);
  const files = await readFiles(env, db, form);
  const removeIds = form.removeScreenshots;
  const pkgChecked = files.pkg?.checked.kind === "app_file" ? (files.pkg.checked as CheckedPackage) : null;
  const applied = applyPackage(withChanges(fieldsOf(existing), form.changes), pkgChecked);
  checkRules(applied.fields, files, existing);
  const { fields, columns, info } = applied;
  const all = [files.pkg, files.icon, ...files.media].filter((file): file is IncomingFile => file !== null);
  await makeImages(env, all);

  const removed = removeIds.length
    ? await db.select().from(appMedia).where(and(eq(appMedia.appId, id), inArray(appMedia.id, removeIds)))
    : [];
  const [{ last }] = await db.select({ last: max(appMedia.position) }).from(appMedia).where(eq(appMedia.appId, id));
  const details = {
    ...changedFields(existing as Record<string, unknown>, auditedColumns(fields, columns)),
    ...auditedFiles(files),
    ...(removed.length ? { media_removed: removed.map((row) => row.id) } : {}),
  };

  await commit(env, db, all, async () => {
    const statements = [
      db
        .update(apps)
        .set({
          ...toColumns(fields),
          ...columns,
          ...(files.icon ? { iconKey: files.icon.objectKey, iconUrl: null, ...iconColumns(files.icon) } : {}),
          ...(files.pkg ? { fileKey: files.pkg.objectKey, fileName: files.pkg.filename, fileSize: files.pkg.size, fileSha256: files.pkg.sha256, fileUrl: null } : {}),
          updatedAt: now,
        })
        .where(eq(apps.id, id)),
      ...(removed.length ? [db.delete(appMedia).where(inArray(appMedia.id, removed.map((row) => row.id)))] : []),
      ...(files.media.length ? [db.insert(appMedia).values(mediaRows(id, files.media, (last ?? -1) + 1))] : []),
      ...(files.pkg ? [db.insert(appReleases).values(releaseRow(id, fields, columns, files.pkg, actor.userId, now))] : []),
      auditQuery(db, { actor, action: "app.update", targetType: "app", targetId: id, details }),
    ];
    await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
  });

  // A new version is out: its buyers hear of it from the cron (docs/decisions/0032-buyer-mails.md).
  if (fields.version && fields.version !== existing.version) await queueUpdateNotices(db, id, fields.version, now);
  // Replaced icons and removed media are gone for good; old packages stay as release history.
  const orphaned = [
    ...(files.icon ? storedImageKeys(existing.iconKey, existing.iconVariants) : []),
    ...removed.flatMap((row) => storedImageKeys(row.objectKey, row.variants)),
  ];
  await deleteStoredObjects(env, db, orphaned);
  return { extracted_info: info };
}

/** Deletes objects and any upload records naming them. */
async function deleteStoredObjects(env: Env, db: Database, keys: string[]): Promise<void> {
  const real = keys.filter(Boolean);
  if (!real.length) return;
  await deleteObjects(env, real);
  for (let start = 0; start < real.length; start += 90) await db.delete(uploads).where(inArray(uploads.objectKey, real.slice(start, start + 90)));
}

export async function deleteApp(env: Env, db: Database, id: number, actor: AdminActor): Promise<boolean> {
  const existing = await findAppRow(db, id);
  if (!existing) return false;
  const [media, releases] = await Promise.all([
    db.select({ key: appMedia.objectKey, variants: appMedia.variants }).from(appMedia).where(eq(appMedia.appId, id)),
    db.select({ key: appReleases.fileKey }).from(appReleases).where(eq(appReleases.appId, id)),
  ]);
  // The row first: a half-deleted app must never point at missing files. Orders keep their copies.
  const details = { name: existing.name, url: existing.url, app_type: existing.appType, version: existing.version };
  const [deleted] = await db.batch([
    db.delete(apps).where(eq(apps.id, id)).returning({ id: apps.id }),
    auditQuery(db, { actor, action: "app.delete", targetType: "app", targetId: id, details }, { when: "if_changed" }),
    // Its pauses and bulk previews hold no foreign key to apps (decision 0051): they go here, with
    // it (a preview's keys by their cascade). After the audit, whose "if_changed" reads the DELETE's count.
    db.delete(appPauses).where(eq(appPauses.appId, id)),
    db.delete(keyBulkPreviews).where(eq(keyBulkPreviews.appId, id)),
  ]);
  if (!deleted.length) return false;
  await deleteStoredObjects(env, db, [
    existing.fileKey ?? "",
    ...storedImageKeys(existing.iconKey, existing.iconVariants),
    ...media.flatMap((m) => storedImageKeys(m.key, m.variants)),
    ...releases.map((r) => r.key ?? ""),
  ]);
  return true;
}

/**
 * The key pricing Sileo and Zebra buy at once from the wallet (decision 0054), one of the app's own,
 * or null for none; recorded in the audit log as a change of the app.
 */
export async function setPackageManagerPricing(db: Database, appId: number, pricingId: number | null, actor: AdminActor): Promise<void> {
  const existing = await findAppRow(db, appId);
  if (!existing) throw new NotFoundError(APP_FORM_MESSAGES.notFound);
  if (pricingId !== null) {
    const [pricing] = await db.select({ id: keyPricing.id }).from(keyPricing).where(and(eq(keyPricing.id, pricingId), eq(keyPricing.appId, appId))).limit(1);
    if (!pricing) throw new ValidationError(APP_ADMIN_MESSAGES.pricingNotOfApp);
  }
  const details = changedFields({ package_manager_pricing_id: existing.packageManagerPricingId }, { package_manager_pricing_id: pricingId });
  await db.batch([
    db.update(apps).set({ packageManagerPricingId: pricingId }).where(eq(apps.id, appId)),
    auditQuery(db, { actor, action: "app.update", targetType: "app", targetId: appId, details }),
  ]);
}

// ---------------------------------------------------------------- reading, for the admin screens

type AdminRelease = { id: number; version: string; build_number: string | null; file_size: number | null; minimum_os_version: string | null; changelog: string | null; created_at: string; file_missing: boolean };
/** What the key check tells the mod of the app (docs/licensing.md), which only the admin's form edits. */
type ModInfo = { min_version: string | null; announcement: string | null };
/** `file_missing`: the app's own file is named but gone from R2 (the detail only: it heads each key). */
export type AdminApp = PublicApp &
  ModInfo & { package_info: Record<string, unknown> | null; releases?: AdminRelease[]; file_missing?: boolean; package_manager_pricing_id?: number | null };

/** Every app, failed ones included, as the public record plus what only admins see. */
export async function listAdminApps(db: Database, origin: string): Promise<AdminApp[]> {
  const rows = await db.select().from(apps).orderBy(desc(apps.updatedAt), desc(apps.id));
  const media = await db.select().from(appMedia).orderBy(asc(appMedia.position), asc(appMedia.id));
  const byApp = new Map<number, (typeof media)[number][]>();
  for (const row of media) byApp.set(row.appId, [...(byApp.get(row.appId) ?? []), row]);
  return rows.map((row) => ({ ...toPublicApp(row, byApp.get(row.id) ?? [], origin), min_version: row.minVersion, announcement: row.announcement, package_info: row.packageInfo ?? null }));
}

/** One app for the admin's screens; each listed version's file is looked for in `bucket` (issue 42, M3). */
export async function findAdminApp(db: Database, bucket: R2Bucket, origin: string, id: number): Promise<AdminApp | null> {
  const row = await findAppRow(db, id);
  if (!row) return null;
  const [media, releases] = await Promise.all([
    db.select().from(appMedia).where(eq(appMedia.appId, id)).orderBy(asc(appMedia.position), asc(appMedia.id)),
    db.select().from(appReleases).where(eq(appReleases.appId, id)).orderBy(desc(appReleases.createdAt), desc(appReleases.id)),
  ]);
  const missing = await missingKeys(bucket, [row.fileKey, ...releases.map((release) => release.fileKey)]);
  return {
    ...toPublicApp(row, media, origin),
    min_version: row.minVersion,
    announcement: row.announcement,
    package_info: row.packageInfo ?? null,
    // The key type Sileo and Zebra buy at once (decision 0054): the pricing tab's control.
    package_manager_pricing_id: row.packageManagerPricingId,
    file_missing: !!row.fileKey && missing.has(row.fileKey),
    releases: releases.map((release) => ({
      id: release.id,
      version: release.version,
      build_number: release.buildNumber,
      file_size: release.fileSize,
      minimum_os_version: release.minimumOsVersion,
      changelog: release.changelog,
      created_at: release.createdAt.toISOString(),
      file_missing: !!release.fileKey && missing.has(release.fileKey),
    })),
  };
}
