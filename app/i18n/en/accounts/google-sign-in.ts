import type { googleSignInWords } from "../../vi/accounts/google-sign-in";
import type { EnglishOf } from "../../words";

export const googleSignIn: EnglishOf<typeof googleSignInWords> = {
  title: "Google sign-in",
  failure: (detail: string) => `Google sign-in error: ${detail}`,
  noCode: "No authorization code received from Google",
  failed: "Authentication failed",
  badState: "The Google sign-in session is invalid or has expired. Please try again.",
  signedIn: "Signed in!",
  signingIn: "Signing in with Google...",
  failedTitle: "Google sign-in failed",
  redirecting: "Taking you back to the sign-in page...",
  backToLogin: "Back to sign in",
};
