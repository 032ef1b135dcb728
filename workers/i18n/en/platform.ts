// The English of the one-line texts both sides share (workers/shared/error-messages.ts,
// error-texts.ts). The HTTP layer's own words declare theirs (workers/platform/http/api-errors.ts).
import { MESSAGES } from "../../platform/http/api-errors";
import type * as ERROR_MESSAGES from "../../shared/error-messages";
import type * as ERROR_TEXTS from "../../shared/error-texts";
import type { EnglishOf } from "../../shared/message";

type SharedTexts = Pick<typeof ERROR_MESSAGES, "VALIDATION_FALLBACK" | "ACCESS_DENIED_MESSAGE" | "SECOND_FACTOR_REQUIRED_MESSAGE"> & typeof ERROR_TEXTS;

export const ERROR_TEXTS_EN = {
  VALIDATION_FALLBACK: MESSAGES.invalidData.in("en"),
  ACCESS_DENIED_MESSAGE: "Access Denied: You do not have permission to view this page",
  SECOND_FACTOR_REQUIRED_MESSAGE: "Admin accounts need two-factor authentication. Please turn it on or enter your code to continue.",
  FALLBACK_ERROR: "Something unexpected went wrong. Please try again.",
  NETWORK_ERROR: "Network error. Please check your internet connection and try again.",
  SERVER_UNREACHABLE: "Could not reach the server. Please try again later.",
  SESSION_EXPIRED_MESSAGE: "Your session has expired. Please sign in again!",
} satisfies EnglishOf<SharedTexts>;
