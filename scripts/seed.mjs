// Loads the demo catalogue into an empty store: apps with icons, screenshots, a video and real
// files in R2, pricings and key stock. Used by `npm start` (through the local bindings) and by
// the tests; it never runs in production.
import { createHash } from "node:crypto";
import sharp from "sharp";
import { demoCatalogue } from "./demo/catalogue.mjs";

const DAY = 24 * 60 * 60 * 1000;

/** R2 keys of the demo files follow the store's layout: icons/, media/, files/. */
export function storeKey(demoKey) {
  return demoKey.replace(/^demo\/(icons|media|files)\//, "$1/demo-");
}

/** Deterministic, readable key codes: IGH-<APP>-<TYPE>-<HASH>. */
export function demoKeyCode(slug, keyType, index) {
  const digest = createHash("sha256").update(`${slug}:${keyType}:${index}`).digest("hex").toUpperCase();
  return `IGH-${digest.slice(0, 4)}-${digest.slice(4, 8)}-${digest.slice(8, 12)}-${digest.slice(12, 16)}`;
}

/** The widths the demo's drawings are stored at: icons at the largest card copy, screenshots at 2× of a phone. */
const RASTER_WIDTH = { icons: 288, media: 780 };

/**
 * The demo's art is drawn as SVG (demo/art.mjs); the store is given WebP, as from an admin: uploads
 * accept no SVG, and a browser lays out the text of every SVG image as a document of its own (on the
 * app page its screenshots' text cost ~190 ms of Lighthouse's blocking time at 4× CPU, see docs/performance.md).
 */
async function asStoredImage(object) {
  if (object.contentType !== "image/svg+xml") return object;
  const svg = Buffer.from(object.body);
  const { width: drawnWidth } = await sharp(svg).metadata();
  const width = RASTER_WIDTH[object.key.startsWith("demo/icons/") ? "icons" : "media"];
  // Drawn at the density that gives `width` pixels, so the text is rendered sharp rather than scaled.
  const { data, info } = await sharp(svg, { density: (72 * width) / drawnWidth })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  return { ...object, key: object.key.replace(/\.svg$/, ".webp"), contentType: "image/webp", body: new Uint8Array(data), width: info.width, height: info.height };
}

function sha256(bytes) {
  return createHash("sha256").update(bytes).digest("hex");
}

/** `apps.package_info` as the admin API stores it: what the package reader found in the file. */
function packageInfo(app) {
  if (app.deb_control) return JSON.stringify({ deb_control: app.deb_control });
  if (app.privacy || app.entitlements) return JSON.stringify({ privacy: app.privacy, entitlements: app.entitlements });
  return null;
}

/**
 * Seeds `env.DB` / `env.FILES` when the store has no apps yet.
 * @returns {Promise<{seeded: boolean, apps: number, keys: number}>}
 */
export async function seedDemoData(env, now = Date.now()) {
  const existing = await env.DB.prepare("SELECT count(*) AS count FROM apps").first();
  if (existing.count > 0) return { seeded: false, apps: existing.count, keys: 0 };

  const keyTypes = new Map(
    (await env.DB.prepare("SELECT id, name FROM key_types").all()).results.map((row) => [row.name, row.id]),
  );
  const apps = await Promise.all(
    demoCatalogue().apps.map(async (app) => ({ ...app, icon: app.icon && (await asStoredImage(app.icon)), media: await Promise.all(app.media.map(asStoredImage)) })),
  );
  let keyCount = 0;

  for (const app of apps) {
    const created = now - app.created_days_ago * DAY;
    const updated = app.updated_days_ago === null ? created : now - app.updated_days_ago * DAY;

    const objects = [app.icon, ...app.media, app.file].filter(Boolean);
    await Promise.all(
      objects.map((object) =>
        env.FILES.put(storeKey(object.key), object.body, { httpMetadata: { contentType: object.contentType } }),
      ),
    );

    const inserted = await env.DB.prepare(
      `INSERT INTO apps (name, url, description, version, app_type, developer, changelog, status, category,
        icon_key, icon_width, icon_height, file_key, file_name, file_size, file_sha256, itms_url, testflight_url, bundle_identifier,
        build_number, minimum_os_version, package_info, download_count, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    )
      .bind(
        app.name,
        app.url,
        app.description,
        app.version,
        app.app_type,
        app.developer,
        app.changelog,
        app.status,
        app.category,
        app.icon ? storeKey(app.icon.key) : null,
        app.icon?.width ?? null,
        app.icon?.height ?? null,
        app.file ? storeKey(app.file.key) : null,
        app.file?.filename ?? null,
        app.file?.body.byteLength ?? null,
        app.file ? sha256(app.file.body) : null,
        app.itms_url,
        app.testflight_url,
        app.bundle_identifier,
        app.build_number,
        app.minimum_os_version,
        packageInfo(app),
        app.download_count,
        Math.round(created),
        Math.round(updated),
      )
      .first();
    const appId = inserted.id;

    const statements = app.media.map((item, position) =>
      env.DB.prepare(
        "INSERT INTO app_media (app_id, media_type, object_key, content_type, size, duration, width, height, position) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
      ).bind(appId, item.media_type, storeKey(item.key), item.contentType, item.body.byteLength, item.duration, item.width ?? null, item.height ?? null, position),
    );
    if (app.file) {
      statements.push(
        env.DB.prepare(
          "INSERT INTO app_releases (app_id, version, build_number, file_key, file_size, file_sha256, minimum_os_version, changelog, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        ).bind(
          appId,
          app.version,
          app.build_number,
          storeKey(app.file.key),
          app.file.body.byteLength,
          sha256(app.file.body),
          app.minimum_os_version,
          app.changelog,
          Math.round(updated),
        ),
      );
    }
    for (const pricing of app.pricing) {
      statements.push(
        env.DB.prepare("INSERT INTO key_pricing (app_id, key_type_id, price, currency, is_active) VALUES (?, ?, ?, 'VND', ?)").bind(
          appId,
          keyTypes.get(pricing.key_type),
          pricing.price,
          pricing.is_active ? 1 : 0,
        ),
      );
    }
    for (const [keyType, count] of Object.entries(app.key_stock ?? {})) {
      if (count === 0) continue;
      const typeId = keyTypes.get(keyType);
      const batch = await env.DB.prepare(
        "INSERT INTO key_batches (app_id, key_type_id, batch_name, description, imported_count) VALUES (?, ?, ?, ?, ?) RETURNING id",
      )
        .bind(appId, typeId, `Demo ${keyType}`, "Key mẫu của dữ liệu demo", count)
        .first();
      for (let index = 0; index < count; index++) {
        statements.push(
          // key_code_normal: the code's normal form (workers/licensing/key-check.ts normalKeyCode).
          env.DB.prepare("INSERT INTO license_keys (app_id, key_type_id, batch_id, key_code, key_code_normal) VALUES (?1, ?2, ?3, ?4, upper(trim(?4)))").bind(
            appId,
            typeId,
            batch.id,
            demoKeyCode(app.url, keyType, index),
          ),
        );
      }
      keyCount += count;
    }
    if (statements.length) await env.DB.batch(statements);
  }
  return { seeded: true, apps: apps.length, keys: keyCount };
}
