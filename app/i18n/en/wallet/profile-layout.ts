import type { profileLayoutWords } from "../../vi/wallet/profile-layout";
import type { EnglishOf } from "../../words";

export const profileLayout: EnglishOf<typeof profileLayoutWords> = {
  title: "Profile",
  loading: "Loading your profile...",
  loadFailed: "Could not load your account",
  noUser: "No account to show.",
  retry: "Try again",
};
