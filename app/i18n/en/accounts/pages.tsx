// The English account pages' layout route (signing in and up, passwords, unsubscribing;
// app/i18n/english-routes.ts): their words, before the page renders.
import { Outlet } from "@remix-run/react";
import { setEnglish } from "../../words";
import { signIn } from "./sign-in";
import { secondFactor } from "./second-factor";
import { register } from "./register";
import { forgotPassword } from "./forgot-password";
import { resetPassword } from "./reset-password";
import { newPassword } from "./new-password";
import { unsubscribe } from "./unsubscribe";

setEnglish({ signIn, secondFactor, register, forgotPassword, resetPassword, newPassword, unsubscribe });

export default function EnglishAccountPages() {
  return <Outlet />;
}
