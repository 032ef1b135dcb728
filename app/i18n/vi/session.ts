// What a screen says when the session it runs in has ended (app/accounts/session/auth.ts; English twin:
// app/i18n/en/session.ts).
import { SESSION_EXPIRED_MESSAGE } from "@workers/shared/error-texts";
import { defineWords } from "../words";

export const sessionWords = defineWords("session", {
  /** docs/product.md §4 "Session". */
  expired: SESSION_EXPIRED_MESSAGE,
});
