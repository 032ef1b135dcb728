// The English of the HTTP layer's own words and of the one-line texts both sides share
// (workers/platform/http/api-errors.ts, workers/shared/error-messages.ts, error-texts.ts).
import type { MESSAGES } from "../../platform/http/api-errors";
import type * as ERROR_MESSAGES from "../../shared/error-messages";
import type * as ERROR_TEXTS from "../../shared/error-texts";
import type { EnglishOf } from "../phrasebook";

const SERVER_ERROR = "Something went wrong on our server. Please try again later.";

export const MESSAGES_EN = {
  notFound: "This API address does not exist",
  appNotFound: "App not found",
  fileNotFound: "This app has no file to download yet",
  feedFileNotFound: "File not found",
  invalidData: "Some of the details are not valid. Please check them and try again.",
  serverError: SERVER_ERROR,
  serverErrorWithId: (id: string) => `${SERVER_ERROR} Error id: ${id}`,
  methodNotAllowed: "This method is not supported",
  bodyTooLarge: "The request is too large.",
  formTooLarge: "The file is too large to send with the form (90 MB at most). Please upload it in parts, then save.",
  tooManyRequests: "Too many requests. Please try again later.",
  misconfigured: "The server is not set up correctly. Please try again later.",
  down: "The store is temporarily unavailable. Please try again in a few minutes.",
} satisfies EnglishOf<typeof MESSAGES>;

type SharedTexts = Pick<typeof ERROR_MESSAGES, "VALIDATION_FALLBACK" | "ACCESS_DENIED_MESSAGE" | "SECOND_FACTOR_REQUIRED_MESSAGE"> & typeof ERROR_TEXTS;

export const ERROR_TEXTS_EN = {
  VALIDATION_FALLBACK: MESSAGES_EN.invalidData,
  ACCESS_DENIED_MESSAGE: "Access Denied: You do not have permission to view this page",
  SECOND_FACTOR_REQUIRED_MESSAGE: "Admin accounts need two-factor authentication. Please turn it on or enter your code to continue.",
  FALLBACK_ERROR: "Something unexpected went wrong. Please try again.",
  NETWORK_ERROR: "Network error. Please check your internet connection and try again.",
  SERVER_UNREACHABLE: "Could not reach the server. Please try again later.",
  SESSION_EXPIRED_MESSAGE: "Your session has expired. Please sign in again!",
} satisfies EnglishOf<SharedTexts>;
