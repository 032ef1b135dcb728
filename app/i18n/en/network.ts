import type { networkWords } from "../vi/network";
import type { EnglishOf } from "../words";

export const network: EnglishOf<typeof networkWords> = {
  networkError: "Network error. Please check your internet connection and try again.",
  serverUnreachable: "Could not reach the server. Please try again later.",
  serverError: (status, statusText) => `Server error (${status}): ${statusText}`,
};
