import type { unsubscribeWords } from "../../vi/accounts/unsubscribe";
import type { EnglishOf } from "../../words";

export const unsubscribe: EnglishOf<typeof unsubscribeWords> = {
  title: "Stop email notices",
  explained: "You will no longer get emails reminding you that a key is about to expire or telling you about new updates. You can turn them back on at any time on your Profile page.",
  linkInvalid: "This unsubscribe link is invalid or no longer valid.",
  confirm: "Stop the emails",
  working: "Working...",
  home: "Back to the home page",
  failed: "An unexpected error occurred. Please try again.",
};
