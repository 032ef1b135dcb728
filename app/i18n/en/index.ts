// Every area's English words, loaded by the English pages before they hydrate (app/entry.client.tsx)
// and by the server (app/entry.server.tsx). A Vietnamese area without its twin here fails the
// dictionary test (tests/unit/dictionaries.test.ts); a missing word fails the typecheck.
import { liveWallet } from "./liveWallet";
import { network } from "./network";
import { passwordDialog } from "./passwordDialog";
import { profile } from "./profile";
import { profileLayout } from "./profileLayout";
import { shell } from "./shell";
import { forms } from "./forms";
import { copy } from "./copy";
import { newPassword } from "./new-password";
import { signIn } from "./sign-in";
import { secondFactor } from "./second-factor";
import { register } from "./register";
import { session } from "./session";
import { forgotPassword } from "./forgot-password";
import { resetPassword } from "./reset-password";
import { googleSignIn } from "./google-sign-in";
import { unsubscribe } from "./unsubscribe";
import { security } from "./security";
import { topup } from "./topup";
import { wallet } from "./wallet";
import { catalogue } from "./catalogue";
import { home } from "./home";
import { appPage } from "./app-page";
import { purchase } from "./purchase";
import { purchaseDialogs } from "./purchase-dialogs";



export const english = { shell, forms, copy, newPassword, signIn, secondFactor, register, session, forgotPassword, resetPassword, googleSignIn, unsubscribe, security, liveWallet, network, profile, profileLayout, wallet, topup, passwordDialog, catalogue, home, appPage, purchase, purchaseDialogs };
