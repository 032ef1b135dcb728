// docs/product.md §7 "Apps", the admin half: create, update, delete, the IPA preview, and the admin's
// own list and detail (failed apps included, with release history). Admins only.
import { Hono } from "hono";
import { APP_FORM_MESSAGES } from "../../shared/app-form";
import { publicOrigin } from "../../platform/config";
import { bytesReader, PackageError, type RangeReader, readIpaInfo, developerFromBundleId } from "../../lib/packages";
import { checkDeclaredFile } from "../app-files";
import { appToUpdate, createApp, deleteApp, findAdminApp, listAdminApps, updateApp } from "../app-admin";
import { resolveAdminAppId } from "../catalogue";
import { r2Reader } from "../files";
import { findCompletedUpload } from "../uploads";
import { idPath, refPath } from "../../shared/fields";
import { changesCatalogue } from "./changes";
import { adminActor, type ApiContext, type ApiEnv, db, say } from "../../platform/http/context";
import { HttpError } from "../../platform/http/api-errors";
import { requireAdmin } from "../../accounts/require-admin";
import { readForm, readParams, requireForm, takesForm } from "../../platform/http/validate";
import { appFormSchema, ipaPreviewSchema } from "../schemas/app-form";
import { APP_ADMIN_MESSAGES } from "../messages";

const guarded = new Hono<ApiEnv>();
for (const path of ["/create", "/update/*", "/delete/*", "/preview-ipa", "/admin/*"]) guarded.use(path, requireAdmin);
// A successful change supersedes every edge copy of the pages, feeds and catalogue API.
for (const path of ["/create", "/update/*", "/delete/*"]) guarded.use(path, changesCatalogue);

function appId(c: ApiContext): number {
  return readParams(c, idPath, APP_FORM_MESSAGES.notFound).id;
}

async function adminApp(c: ApiContext, id: number) {
  const app = await findAdminApp(db(c), c.env.FILES, publicOrigin(c.env, c.req.raw), id);
  if (!app) throw new HttpError(404, APP_FORM_MESSAGES.notFound);
  return app;
}

export const adminAppsApi = guarded
  .post("/create", takesForm(appFormSchema), async (c) => {
    const form = await readForm(c);
    const { id, extracted_info } = await createApp(c.env, db(c), form, adminActor(c), new Date());
    return c.json({ success: true, message: say(c, APP_FORM_MESSAGES.created), data: { ...(await adminApp(c, id)), extracted_info } }, 201);
  })
  .on(["PUT", "PATCH"], "/update/:id", takesForm(appFormSchema), async (c) => {
    const id = appId(c);
    // A body that is no form, then a missing app, then the form's own faults.
    await requireForm(c);
    const existing = await appToUpdate(db(c), id);
    const form = await readForm(c);
    const { extracted_info } = await updateApp(c.env, db(c), existing, form, adminActor(c), new Date());
    return c.json({ success: true, message: say(c, APP_FORM_MESSAGES.updated), data: { ...(await adminApp(c, id)), extracted_info } });
  })
  .delete("/delete/:id", async (c) => {
    if (!(await deleteApp(c.env, db(c), appId(c), adminActor(c)))) throw new HttpError(404, APP_FORM_MESSAGES.notFound);
    return c.json({ success: true, message: say(c, APP_FORM_MESSAGES.deleted) });
  })
  // Reads an IPA's Info.plist without creating anything: a form part `ipa_file`, or `file_key`.
  .post("/preview-ipa", takesForm(ipaPreviewSchema), async (c) => {
    const { ipa_file: part, file_key: key } = await readForm(c);
    let reader: RangeReader;
    if (part) {
      // Judged as an IPA (or TIPA) whatever its name: same size limit, same reader.
      checkDeclaredFile("app_file", /\.tipa$/i.test(part.name) ? "preview.tipa" : "preview.ipa", part.size);
      reader = bytesReader(new Uint8Array(await part.arrayBuffer()));
    } else if (key) {
      const upload = await findCompletedUpload(db(c), key, "app_file");
      reader = r2Reader(c.env.FILES, upload.objectKey, upload.size);
    } else {
      throw new HttpError(400, APP_ADMIN_MESSAGES.chooseIpa, { ipa_file: [APP_ADMIN_MESSAGES.chooseIpa] });
    }
    try {
      const info = await readIpaInfo(reader);
      return c.json({
        success: true,
        data: {
          app_name: info.app_name,
          bundle_id: info.bundle_id,
          version: info.version,
          build_number: info.build_number,
          minimum_os_version: info.minimum_os_version,
          developer: developerFromBundleId(info.bundle_id),
          privacy: info.privacy,
          entitlements: info.entitlements,
        },
      });
    } catch (error) {
      if (error instanceof PackageError) throw new HttpError(400, APP_ADMIN_MESSAGES.badIpa(error.said));
      throw error;
    }
  })
  .get("/admin/list", async (c) => c.json({ success: true, data: await listAdminApps(db(c), publicOrigin(c.env, c.req.raw)) }))
  // By id or url slug (the key management screen is addressed by either).
  .get("/admin/detail/:id", async (c) => {
    const id = await resolveAdminAppId(db(c), readParams(c, refPath, APP_FORM_MESSAGES.notFound).id);
    if (id === null) throw new HttpError(404, APP_FORM_MESSAGES.notFound);
    return c.json({ success: true, data: await adminApp(c, id) });
  });
