import type { shellWords } from "../vi/shell";
import type { EnglishOf } from "../words";
import { formatVND } from "@workers/shared/format-en";

export const shell: EnglishOf<typeof shellWords> = {
  skipToContent: "Skip to content",
  accountNav: "Account",
  signIn: "Sign in",
  register: "Register",
  balance: (_formatted: string, amount: number) => formatVND(amount),
  dismiss: "Close",
  closeNotification: "Close notification",
  openMenu: "Open menu",
  notFoundTitle: "Page not found",
  notFoundMessage: "The page you are looking for does not exist or has been removed.",
  backHome: "Back to the home page",
  errorTitle: "Something went wrong",
  errorMessage: "An unexpected error occurred. Please try again.",
  errorId: "Error id:",
  reload: "Reload the page",
  language: "Language",
};
