// The second factor's inputs (issue #15): a 6-digit code or a recovery code, and the sign-in's mfa_token.
import { z } from "zod";
import { tooLong } from "../../shared/zod-messages";
import { AUTH_MESSAGES, MFA_MESSAGES } from "../messages";

const MFA_INPUT_MESSAGES = { required: MFA_MESSAGES.codeRequired.token, codeFormat: MFA_MESSAGES.codeFormat.token };

// Spaces a person types or copies between digits are ignored.
const secondFactorCode = z
  .string({ error: MFA_INPUT_MESSAGES.required })
  .transform((text) => text.replace(/\s+/g, ""))
  .pipe(z.string().min(1, MFA_INPUT_MESSAGES.required).regex(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, MFA_INPUT_MESSAGES.codeFormat));

export const mfaVerifySchema = z.object({
  mfa_token: z.string({ error: MFA_INPUT_MESSAGES.required }).min(1).max(200, tooLong(200)),
  code: secondFactorCode,
});

export const mfaCodeSchema = z.object({ code: secondFactorCode });

/**
 * Enrolling from the profile needs the account's current password (an account without one: a
 * recent sign-in instead), and a fresh code too when a second factor already exists.
 */
export const mfaSetupSchema = z.object({
  password: z.string().max(128, AUTH_MESSAGES.passwordLong.token).optional(),
  code: secondFactorCode.optional(),
});
