// Every area's English words and the English formatting, all at once: for the server
// (app/entry.server.tsx) and the return from Google when it left from English
// (auth.google.callback.tsx), through startEnglish. The English pages take theirs from their
// layout routes instead (app/i18n/english-routes.ts). A Vietnamese area without its twin here
// fails the dictionary test (tests/unit/dictionaries.test.ts); a missing word fails the typecheck.
import { setEnglishFormat } from "../format";
import { setEnglish } from "../words";
import { englishFormat } from "./format";
import { liveWallet } from "./wallet/live-wallet";
import { network } from "./network";
import { passwordDialog } from "./wallet/password-dialog";
import { profile } from "./wallet/profile";
import { purchases } from "./wallet/purchases";
import { profileLayout } from "./wallet/profile-layout";
import { shell } from "./shell";
import { menus } from "./menus";
import { forms } from "./forms";
import { copy } from "./copy";
import { newPassword } from "./accounts/new-password";
import { signIn } from "./accounts/sign-in";
import { secondFactor } from "./accounts/second-factor";
import { register } from "./accounts/register";
import { session } from "./session";
import { forgotPassword } from "./accounts/forgot-password";
import { resetPassword } from "./accounts/reset-password";
import { googleSignIn } from "./accounts/google-sign-in";
import { unsubscribe } from "./accounts/unsubscribe";
import { security } from "./accounts/security";
import { topup } from "./wallet/topup";
import { cryptoTopup } from "./wallet/crypto-topup";
import { wallet } from "./wallet/wallet";
import { topupOffer } from "./wallet/topup-offer";
import { topupHistory } from "./wallet/topup-history";
import { catalogue } from "./catalogue/catalogue";
import { home } from "./catalogue/home";
import { appPage } from "./catalogue/app-page";
import { purchase } from "./catalogue/purchase";
import { purchaseDialogs } from "./catalogue/purchase-dialogs";
import { packageManager } from "./wallet/package-manager";
import { trial } from "./catalogue/trial";

export const english = { shell, menus, forms, copy, newPassword, signIn, secondFactor, register, session, forgotPassword, resetPassword, googleSignIn, unsubscribe, security, liveWallet, network, profile, purchases, profileLayout, wallet, topupOffer, topupHistory, topup, cryptoTopup, passwordDialog, catalogue, home, appPage, purchase, purchaseDialogs, packageManager, trial };

/** Makes the English words and formatting known: after this, the English pages speak English. */
export function startEnglish(): void {
  setEnglish(english);
  setEnglishFormat(englishFormat);
}
