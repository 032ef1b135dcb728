// What Sileo and Zebra send the payment provider API (docs/formats.md, "Payment provider API"), and
// the store pages and admin setting around it. Bodies are read as the clients write them: token,
// udid and device in every POST, Zebra's payment_secret null on a phone without a passcode.
import { z } from "zod";
import { idField } from "../../shared/fields";
import { PACKAGE_MANAGER_MESSAGES } from "../messages";

/** A phone's UDID as the clients send it: 40 hex digits, or the newer 8-16 hex form. */
const udidField = z.string().regex(/^(?:[0-9a-fA-F]{40}|[0-9a-fA-F]{8}-[0-9a-fA-F]{16})$/).transform((udid) => udid.toLowerCase());
/** A device model id ("iPhone12,1"). */
const modelField = z.string().regex(/^[A-Za-z0-9,._ -]{1,40}$/);

/** `GET authenticate?udid=&model=`. */
export const authenticateQuery = z.object({ udid: udidField, model: modelField.optional().default("") });

/** The fields every POST of a signed-in phone carries, and each call's own; the rest is left out. */
export const phoneBody = z.object({
  token: z.string().min(1).max(300),
  udid: udidField,
  device: modelField.optional(),
  payment_secret: z.string().min(1).max(300).nullable().optional(),
  version: z.string().max(100).optional(),
  repo: z.string().max(1000).optional(),
  architecture: z.string().max(50).optional(),
});

/** `POST package/{id}/info`: signed out, Sileo and Zebra send the udid and device without a token. */
export const packageInfoBody = phoneBody.extend({ token: phoneBody.shape.token.optional() });

/** `POST sign_out`: Zebra sends the token alone. */
export const signOutBody = z.object({ token: z.string().min(1).max(300) });

/** A package id as the Packages index names it (Debian policy 5.6.1, with upper case tolerated). */
export const packagePath = z.object({ id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9.+-]{0,199}$/) });

/** A single-use link's token in a path. */
export const linkPath = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });

/** The sheet's sign-in page asks for its phone's token with what the authenticate address carried. */
export const connectSchema = z.object({ udid: udidField, model: modelField.optional().default("") });

/** The checkout page buys one key type of the package. */
export const checkoutSchema = z.object({ key_pricing_id: idField(PACKAGE_MANAGER_MESSAGES.pricingInvalid.token) });

/** The admin's key type bought at once from the package manager (null: none). */
export const packageManagerPricingSchema = z.object({ key_pricing_id: idField(PACKAGE_MANAGER_MESSAGES.pricingInvalid.token).nullable() });
