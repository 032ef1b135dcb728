import type { resetPasswordWords } from "../../vi/accounts/reset-password";
import type { EnglishOf } from "../../words";

export const resetPassword: EnglishOf<typeof resetPasswordWords> = {
  resetTitle: "Reset your password",
  resetDescription: "Choose a new password for your account.",
  username: "Username",
  email: "Email",
  save: "Reset the password",
  saving: "Saving...",
  done: "Your password has been reset. Taking you to the sign-in page...",
  signInNow: "Sign in now",
  success: "Password reset! Please sign in.",
  checkingLink: "Checking the link...",
  missingToken: "Invalid token",
  invalidToken: "The token is invalid or has expired",
  invalidTitle: "Invalid link",
  invalidExplained: "The link may have been used already, or be more than 1 hour old. Taking you to ask for a new one...",
  newLink: "Ask for a new link",
  offline: "Connection error. Please try again!",
  retry: "Try again",
  backToLogin: "Back to sign in",
};
