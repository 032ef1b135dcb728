// The words of the header's menus, the account menu and the phone's menu (Vietnamese, the
// specification's; English twin: app/i18n/en/menus.ts): they come with the menus' own chunk.
import { defineWords } from "../words";

export const menuWords = defineWords("menus", {
  signOut: "Đăng xuất",
  signedOut: "Đã đăng xuất",
  menu: "Menu",
  profile: "Hồ sơ",
  profileAndWallet: "Hồ sơ & Ví tiền",
  topUpVietQr: "Nạp tiền qua VietQR",
  topUpCard: "Nạp tiền bằng thẻ cào",
  admin: "Quản trị",
});
