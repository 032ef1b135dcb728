import type { signInWords } from "../../vi/accounts/sign-in";
import type { EnglishOf } from "../../words";

export const signIn: EnglishOf<typeof signInWords> = {
  title: "Sign in",
  description: "Sign in to buy keys, top up your wallet and see your transactions.",
  noAccount: "No account yet?",
  register: "Register",
  login: "Username or email",
  password: "Password",
  forgotPassword: "Forgot your password?",
  signIn: "Sign in",
  signingIn: "Signing in...",
  or: "or",
  withGoogle: "Sign in with Google",
  googleFailed: "Google sign-in failed",
  signedIn: "Signed in!",
};
