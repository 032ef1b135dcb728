import type { packageManagerWords } from "../../vi/wallet/package-manager";
import type { EnglishOf } from "../../words";

export const packageManager: EnglishOf<typeof packageManagerWords> = {
  connectTitle: "Connect Sileo / Zebra",
  connectIntro: (model: string, account: string) => `Let ${model || "this phone"} buy keys with the wallet of ${account}.`,
  connectButton: "Connect the phone",
  connecting: "Connecting...",
  connected: "Connected. If Sileo / Zebra has not opened again, tap here.",
  badAddress: "This link is not valid. Please sign in again from Sileo or Zebra.",
  checkoutTitle: "Buy a key",
  loading: "Loading...",
  balance: "Wallet balance",
  chooseType: "Choose a key type",
  soldOut: "Sold out",
  pay: "Pay from the wallet",
  paying: "Paying...",
  topUp: "Top up the wallet",
  notEnough: "Your balance does not cover this key type.",
  owned: "You already hold a working key for this package.",
  bought: "Bought! The key is bound to your phone:",
  backToApp: "Back to Sileo / Zebra",
};
