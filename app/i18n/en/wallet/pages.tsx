// The English signed-in pages' layout route (the profile and its security tab, the dashboard, the
// package managers' sign-in and checkout; app/i18n/english-routes.ts): their words, before the page
// renders. The security tab's password and second-factor words are the accounts area's.
import { Outlet } from "@remix-run/react";
import { setEnglish } from "../../words";
import { profileLayout } from "./profile-layout";
import { profile } from "./profile";
import { wallet } from "./wallet";
import { topup } from "./topup";
import { cryptoTopup } from "./crypto-topup";
import { topupOffer } from "./topup-offer";
import { purchases } from "./purchases";
import { passwordDialog } from "./password-dialog";
import { packageManager } from "./package-manager";
import { newPassword } from "../accounts/new-password";
import { secondFactor } from "../accounts/second-factor";
import { security } from "../accounts/security";

setEnglish({ profileLayout, profile, wallet, topup, cryptoTopup, topupOffer, purchases, passwordDialog, packageManager, newPassword, secondFactor, security });

export default function EnglishWalletPages() {
  return <Outlet />;
}
