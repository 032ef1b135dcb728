// A phone as Sileo and Zebra drive the store's payment provider API (docs/formats.md, "Payment
// provider API"): a UDID of its own, the token and payment secret the sign-in sheet redirected to,
// every POST carrying token, udid and device. The sheet's sign-in itself is the browser's
// (tests/e2e/sileo.spec.ts); here the sheet's last call, /api/sileo/connect, is made with a live session.
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { apps } from "../workers/db/schema";
import { createApp, db, listing, unique } from "./factories";
import { call } from "./requests";

type Body = Record<string, any>;

/** A UDID of 40 hex digits no other phone of the test run has. */
export function newUdid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  return [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

export const MODEL = "iPhone12,1";

/** What the sheet's redirect carried, read as Sileo reads it: the query of sileo://authentication_success. */
function redirectParams(redirect: string): { token: string; secret: string } {
  const url = new URL(redirect);
  expect(`${url.protocol}//${url.host}`).toBe("sileo://authentication_success");
  return { token: url.searchParams.get("token")!, secret: url.searchParams.get("payment_secret")! };
}

/** A phone signed in to `user`'s account: the sheet's connect call with the account's live session. */
export async function signedInPhone(user: { token: string }, udid = newUdid()) {
  const connected = await call("/api/sileo/connect/", { token: user.token, body: { udid, model: MODEL } });
  expect(connected.status, JSON.stringify(connected.body)).toBe(200);
  const { token, secret } = redirectParams(connected.body.redirect);
  return { udid, token, secret };
}

/** A POST of the provider API as the clients send it: token, udid, device, and the call's own fields. */
export function phoneCall(path: string, phone: { token?: string; udid: string }, extra: Body = {}, headers: Record<string, string> = {}) {
  return call(`/api/sileo/${path}`, { body: { token: phone.token, udid: phone.udid, device: MODEL, ...extra }, headers });
}

/** A listed rootless tweak with `Package: <id>` in its control file, a .deb in R2, and keys on sale. */
export async function tweakForSale({ price = 20_000, stock = 3, quick = true } = {}) {
  const packageId = `vn.test.${unique("tweak").replace(/[^a-z0-9]/g, "")}`;
  const app = await createApp({ appType: "rootless", file: new Uint8Array([0x21, 0x3c, 0x61, 0x72, 0x63, 0x68, 0x3e, 0x0a]), fileName: `${packageId}.deb`, bundleIdentifier: packageId, packageInfo: { deb_control: { Package: packageId, Version: "1.0" } } });
  const { pricing } = await listing({ app, price, stock });
  if (quick) await db.update(apps).set({ packageManagerPricingId: pricing.id }).where(eq(apps.id, app.id));
  return { app, pricing, packageId };
}
