// The bootstrap admin's current second-factor code, from ADMIN_TOTP_SECRET in .dev.vars (else the
// committed example): `npm run admin:code`. Also what the start banner and the benchmarks sign the
// admin in with.
import { fileURLToPath } from "node:url";
import { Secret, TOTP } from "otpauth";
import { localSettings } from "./lib.mjs";

const STEP_SECONDS = 30;

/** The 6-digit code of a base32 secret at `now`, and how many seconds it stays current. */
export function totpCode(secret, now = Date.now()) {
  const code = new TOTP({ secret: Secret.fromBase32(secret.replace(/[\s=]/g, "").toUpperCase()), period: STEP_SECONDS }).generate({ timestamp: now });
  const secondsLeft = STEP_SECONDS - (Math.floor(now / 1000) % STEP_SECONDS);
  return { code, secondsLeft };
}

/** The local bootstrap admin's current code, or null when ADMIN_TOTP_SECRET is not set. */
export function adminCode(settings = localSettings(), now = Date.now()) {
  return settings.ADMIN_TOTP_SECRET ? totpCode(settings.ADMIN_TOTP_SECRET, now) : null;
}

/**
 * Signs the bootstrap admin in over the API, both steps; `call(path, {body})` answers {status, body}.
 * A code is accepted once, and a step of drift either way (workers/accounts/mfa.ts): when this
 * step's code was used already, the next step's is sent at once; only when that one was used too is
 * the step after it awaited.
 */
export async function signInAdmin(call, settings = localSettings()) {
  const first = await call("/api/auth/login/", { body: { login: settings.ADMIN_EMAIL, password: settings.ADMIN_PASSWORD } });
  if (first.status !== 200) throw new Error(`admin login failed: ${first.status} ${JSON.stringify(first.body)}`);
  if (!first.body.mfa_required) return first.body;
  if (first.body.mfa_enroll) throw new Error("the admin has no second factor yet: set ADMIN_TOTP_SECRET, or enrol at /login");
  const verify = (at) => call("/api/auth/mfa/verify/", { body: { mfa_token: first.body.mfa_token, code: adminCode(settings, at).code } });
  let verified = await verify(Date.now());
  if (verified.status !== 200) verified = await verify(Date.now() + STEP_SECONDS * 1000);
  if (verified.status !== 200) {
    await new Promise((resolve) => setTimeout(resolve, adminCode(settings).secondsLeft * 1000 + 500));
    verified = await verify(Date.now() + STEP_SECONDS * 1000);
  }
  if (verified.status !== 200) throw new Error(`admin second step failed: ${verified.status} ${JSON.stringify(verified.body)}`);
  return verified.body;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const current = adminCode();
  if (!current) {
    console.error("ADMIN_TOTP_SECRET is not set: the admin enrols at first sign-in.");
    process.exit(1);
  }
  console.log(`${current.code}  (mã xác thực của quản trị viên, còn ${current.secondsLeft} giây)`);
}
