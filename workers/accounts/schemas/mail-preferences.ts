// The buyer's notices switch and the unsubscribe link's token (docs/decisions/0032-buyer-mails.md).
import { z } from "zod";
import { MAIL_PREFERENCE_MESSAGES } from "../messages";

export const mailPreferencesSchema = z.object({
  email_notifications: z.boolean({ error: MAIL_PREFERENCE_MESSAGES.enabledInvalid.token }),
});

/** The link's token; anything that is not one text reads as none (and is refused as a bad link). */
export const unsubscribeQuery = z.object({ token: z.string().max(200).catch("").default("") });
