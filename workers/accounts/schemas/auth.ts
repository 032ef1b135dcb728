// One schema per account input (docs/product.md §5), used by the API and, as a pre-check, by the forms that send it.
import { z } from "zod";
import { tooLong } from "../../shared/zod-messages";
import { nameField } from "../../shared/fields";
import { AUTH_MESSAGES } from "../messages";
import { LANGS } from "../../shared/lang";

const requiredText = (max: number) => z.string({ error: AUTH_MESSAGES.required.token }).trim().min(1, AUTH_MESSAGES.required.token).max(max, tooLong(max));
const password = z
  .string({ error: AUTH_MESSAGES.required.token })
  .min(1, AUTH_MESSAGES.required.token)
  .min(8, AUTH_MESSAGES.passwordShort.token)
  .max(128, AUTH_MESSAGES.passwordLong.token);

export const usernameSchema = z
  .string({ error: AUTH_MESSAGES.required.token })
  .trim()
  .min(1, AUTH_MESSAGES.required.token)
  .regex(/^[A-Za-z0-9._-]{3,30}$/, AUTH_MESSAGES.usernameInvalid.token);
export const emailSchema = z
  .string({ error: AUTH_MESSAGES.required.token })
  .trim()
  .min(1, AUTH_MESSAGES.required.token)
  .max(254, AUTH_MESSAGES.emailInvalid.token)
  .pipe(z.email(AUTH_MESSAGES.emailInvalid.token));

export const registerSchema = z
  .object({
    username: usernameSchema,
    email: emailSchema,
    first_name: nameField(50, { required: AUTH_MESSAGES.required.token, tooLong: tooLong(50) }),
    last_name: nameField(50, { required: AUTH_MESSAGES.required.token, tooLong: tooLong(50) }),
    password,
    password_confirm: z.string({ error: AUTH_MESSAGES.required.token }).min(1, AUTH_MESSAGES.required.token),
    // The language the store writes to the buyer in; without it, the request's (Accept-Language).
    locale: z.enum(LANGS).optional(),
  })
  .refine((value) => value.password === value.password_confirm, { path: ["password_confirm"], message: AUTH_MESSAGES.passwordMismatch.token });

/** The profile's language switch (POST /api/auth/locale/): the store's mails to this buyer. */
export const localeSchema = z.object({ locale: z.enum(LANGS) });

export const availabilitySchema = z.union([z.object({ username: z.string().max(100) }), z.object({ email: z.string().max(300) })]);

export const loginSchema = z.object({
  login: requiredText(254),
  password: z.string({ error: AUTH_MESSAGES.required.token }).min(1, AUTH_MESSAGES.required.token).max(128, AUTH_MESSAGES.passwordLong.token),
  // From an earlier sign-in on this browser; a malformed one counts as none rather than failing the login.
  device_token: z.string().regex(/^[A-Za-z0-9_-]{20,200}$/).optional().catch(undefined),
});

export const refreshSchema = z.object({ refresh: z.string({ error: AUTH_MESSAGES.required.token }).min(1, AUTH_MESSAGES.required.token).max(200, tooLong(200)) });

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z
  .object({
    token: z.string({ error: AUTH_MESSAGES.required.token }).min(1, AUTH_MESSAGES.required.token).max(200, tooLong(200)),
    new_password: password,
    confirm_password: z.string({ error: AUTH_MESSAGES.required.token }).min(1, AUTH_MESSAGES.required.token),
  })
  .refine((value) => value.new_password === value.confirm_password, { path: ["confirm_password"], message: AUTH_MESSAGES.passwordMismatch.token });

export const changePasswordSchema = z
  .object({
    current_password: z.string().max(128, AUTH_MESSAGES.passwordLong.token).optional(),
    new_password: password,
    confirm_password: z.string({ error: AUTH_MESSAGES.required.token }).min(1, AUTH_MESSAGES.required.token),
  })
  .refine((value) => value.new_password === value.confirm_password, { path: ["confirm_password"], message: AUTH_MESSAGES.passwordMismatch.token });

export const googleAuthSchema = z.object({
  code: z.string().min(1).max(2000),
  redirect_uri: z.url(),
  code_verifier: z.string().regex(/^[A-Za-z0-9._~-]{43,128}$/),
  nonce: z.string().min(8).max(200),
});
