import type { menuWords } from "../vi/menus";
import type { EnglishOf } from "../words";

export const menus: EnglishOf<typeof menuWords> = {
  signOut: "Sign out",
  signedOut: "Signed out",
  menu: "Menu",
  profile: "Profile",
  profileAndWallet: "Profile & wallet",
  topUpVietQr: "Top up with VietQR",
  topUpCard: "Top up with a phone card",
  admin: "Admin",
};
