// The benchmark's store: the demo catalogue grown to `apps` visible apps and `users` buyer
// accounts, written in a few bulk statements (rows travel as one JSON parameter through json_each,
// so no statement meets D1's 100-parameter limit). Generated apps reuse the demo's icons and files
// (same R2 objects), so cards, app pages, downloads and feeds behave as with real uploads.
import { hashPassword } from "../../workers/accounts/passwords.ts";
import { seedDemoData } from "../seed.mjs";
import { seedLedger } from "./overview.mjs";

const DAY = 24 * 60 * 60 * 1000;
const CHUNK = 250;
const TYPES = ["ipa", "tipa", "rootless", "rootfull", "roothide", "itms-ipa", "testflight"];
const DEB_ARCH = { rootless: "iphoneos-arm64", roothide: "iphoneos-arm64e", rootfull: "iphoneos-arm" };
const WORDS = ["Rồng", "Kiếm", "Huyền Thoại", "Đua Xe", "Bắn Cá", "Hải Tặc", "Ninja", "Tam Quốc", "Cờ Tướng", "Phiêu Lưu", "Vương Quốc", "Sấm Sét"];
export const BENCH_PASSWORD = "bench-password-123";

/** Benchmark user n (1-based): the login name, e-mail and password every run uses. */
export function benchUser(n) {
  const name = `bench_user_${String(n).padStart(4, "0")}`;
  return { username: name, email: `${name}@bench.local`, password: BENCH_PASSWORD };
}

function chunks(rows) {
  return Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, index) => rows.slice(index * CHUNK, (index + 1) * CHUNK));
}

/**
 * Seeds an empty store: the demo data, then generated apps up to `apps` visible ones and `users`
 * accounts sharing one password. Returns what the benchmark needs to find them again.
 */
export async function seedBenchStore(env, { apps = 1000, users = 1000, now = Date.now() } = {}) {
  await seedDemoData(env, now);
  const demo = (await env.DB.prepare("SELECT app_type, icon_key, file_key, file_name, file_size, file_sha256 FROM apps WHERE status = 'active' ORDER BY id").all()).results;
  const icons = demo.map((row) => row.icon_key).filter(Boolean);
  const fileOf = Object.fromEntries(demo.filter((row) => row.file_key).map((row) => [row.app_type, row]));

  const missing = Math.max(0, apps - demo.length);
  const rows = Array.from({ length: missing }, (_, index) => {
    const n = index + 1;
    const type = TYPES[n % TYPES.length];
    const file = type === "testflight" ? null : fileOf[type];
    const name = `${WORDS[n % WORDS.length]} ${WORDS[(n * 7) % WORDS.length]} ${n}`;
    const bundle = `com.bench.app${n}`;
    const version = `${1 + (n % 4)}.${n % 10}.${n % 7}`;
    const developer = `Studio ${WORDS[(n * 3) % WORDS.length]}`;
    const updated = now - ((n * 7919) % (730 * 24)) * 60 * 60 * 1000; // spread over two years
    return {
      name,
      url: `bench-app-${n}`,
      description: `${name}: bản mod dùng để đo hiệu năng cửa hàng. Mở khóa toàn bộ vật phẩm, tăng tốc độ, menu mod tiếng Việt, hỗ trợ iOS 14 trở lên.`,
      version,
      app_type: type,
      developer,
      changelog: "Sửa lỗi\nTối ưu hiệu năng",
      category: n % 4 === 0 ? "utilities" : "games",
      icon_key: icons[n % icons.length] ?? null,
      file_key: file?.file_key ?? null,
      file_name: file ? file.file_name : null,
      file_size: file?.file_size ?? null,
      file_sha256: file?.file_sha256 ?? null,
      itms_url: type === "itms-ipa" ? `itms-services://?action=download-manifest&url=https://example.com/bench-${n}.plist` : null,
      testflight_url: type === "testflight" ? `https://testflight.apple.com/join/BENCH${n}` : null,
      bundle_identifier: bundle,
      build_number: String(100 + n),
      package_info:
        type in DEB_ARCH
          ? JSON.stringify({ deb_control: { Package: bundle, Name: name, Version: version, Architecture: DEB_ARCH[type], Maintainer: `${developer} <support@bench.local>`, Author: developer, Description: `${name} tweak`, Depends: "mobilesubstrate", Section: "Tweaks" } })
          : null,
      download_count: (n * 104729) % 50_000,
      created_at: updated - ((n * 31) % 365) * DAY,
      updated_at: updated,
    };
  });
  const columns = Object.keys(rows[0] ?? { name: 0 });
  const insertApps = `INSERT INTO apps (${columns.join(", ")}) SELECT ${columns.map((column) => `json_extract(value, '$.${column}')`).join(", ")} FROM json_each(?)`;
  // Every generated app with a file gets its release row, as an upload would.
  const releases = `INSERT INTO app_releases (app_id, version, build_number, file_key, file_size, file_sha256, minimum_os_version, changelog, created_at)
    SELECT id, version, build_number, file_key, file_size, file_sha256, minimum_os_version, changelog, updated_at FROM apps WHERE url LIKE 'bench-app-%' AND file_key IS NOT NULL`;
  await env.DB.batch([...chunks(rows).map((part) => env.DB.prepare(insertApps).bind(JSON.stringify(part))), env.DB.prepare(releases)]);

  // scrypt is slow on purpose: hash the shared password once; the stored string carries its own
  // salt and parameters, so every account can use the same one.
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const people = Array.from({ length: users }, (_, index) => ({ ...benchUser(index + 1), first_name: "Bench", last_name: String(index + 1) }));
  const insertUsers = `INSERT INTO users (username, email, first_name, last_name, password_hash, created_at, updated_at)
    SELECT json_extract(value, '$.username'), json_extract(value, '$.email'), json_extract(value, '$.first_name'), json_extract(value, '$.last_name'), ?1, ?2, ?2 FROM json_each(?3)`;
  await env.DB.batch(chunks(people).map((part) => env.DB.prepare(insertUsers).bind(passwordHash, now, JSON.stringify(part))));

  const userIds = (await env.DB.prepare("SELECT id FROM users WHERE email LIKE 'bench_user_%@bench.local' ORDER BY id").all()).results.map((row) => row.id);
  // A live session chain per user, "bench-<id>": the store accepts an access token
  // only while its chain lives, and accessToken() names this one.
  const insertSessions = `INSERT INTO sessions (user_id, family_id, token_hash, created_at, expires_at, signed_in_at)
    SELECT value, 'bench-' || value, 'bench-unused-' || value, ?1, ?2, ?1 FROM json_each(?3)`;
  await env.DB.batch(chunks(userIds).map((part) => env.DB.prepare(insertSessions).bind(now, now + 30 * 86_400_000, JSON.stringify(part))));
  const visible = (await env.DB.prepare("SELECT count(*) AS n FROM apps WHERE status != 'failed'").first()).n;
  // The app page to measure: the demo app with the most media that is for sale.
  const page = await env.DB.prepare(
    `SELECT a.url FROM apps a WHERE a.status = 'active' AND EXISTS (SELECT 1 FROM key_pricing p WHERE p.app_id = a.id)
     ORDER BY (SELECT count(*) FROM app_media m WHERE m.app_id = a.id) DESC, a.id LIMIT 1`,
  ).first();
  // Purchases go to a generated app with no pricing yet (the benchmark prices it itself).
  const purchaseApp = await env.DB.prepare("SELECT id FROM apps WHERE url = 'bench-app-1'").first();
  // The ledger's owners are the last 500 users: the purchase and webhook benches use the first ones, with no history.
  const ledger = await seedLedger(env, { userIds: userIds.slice(500), now });
  return { apps: visible, userIds, appPageSlug: page.url, purchaseAppId: purchaseApp?.id, ...ledger };
}
