// The English of workers/accounts/messages.ts.
import type { AUTH_MESSAGES, MAIL_PREFERENCE_MESSAGES } from "../../accounts/messages";
import type { EnglishOf } from "../../shared/message";
import { count } from "../../shared/english/format";

export const AUTH_EN = {
  required: "This field is required",
  emailInvalid: "Please enter a valid email address",
  usernameInvalid: "A username is 3–30 characters: unaccented letters, digits, dots, underscores or hyphens",
  usernameTaken: "This username is already taken",
  usernameAvailable: "This username is available",
  emailTaken: "This email address is already in use",
  emailAvailable: "This email address is available",
  passwordShort: "Your password must be at least 8 characters long",
  passwordLong: "Your password can be at most 128 characters long",
  passwordMismatch: "The passwords do not match",
  nameLong: "At most 50 characters",
  registered: "Your account has been created! Please sign in.",
  loggedIn: "Signed in successfully!",
  secondFactor: "Enter your authentication code to finish signing in",
  badCredentials: "Incorrect username or password",
  inactive: "This account has been locked. Please contact support.",
  unauthenticated: "Your session has expired. Please sign in again!",
  refreshInvalid: "Your session is invalid or has expired. Please sign in again.",
  loggedOut: "Signed out",
  forgotSent: "If that email address has an account with us, we have sent it a link to reset your password. Please check your inbox.",
  tokenInvalid: "This link is invalid or has expired",
  tokenValid: "This link is valid",
  passwordReset: "Your password has been reset! Please sign in.",
  currentPasswordWrong: "Your current password is incorrect",
  passwordChanged: "Your password has been changed!",
  passwordCreated: "Your password has been created!",
  signInAgainToCreatePassword: "For your security, please sign out and sign in again, then create your password within 10 minutes.",
  googleFailed: "We could not sign you in with Google. Please try again.",
  googleUnverified: "Your Google email address has not been verified",
  googleDisabled: "Google sign-in is not turned on",
  tooMany: (seconds: number) => `Too many attempts. Please try again in ${count(seconds, "second")}.`,
} satisfies EnglishOf<typeof AUTH_MESSAGES>;

export const MAIL_PREFERENCE_EN = {
  enabled: "Email notices turned on.",
  disabled: "Email notices turned off.",
  enabledInvalid: "Invalid on/off value",
  unsubscribed: "You have unsubscribed from email notices. You can turn them back on from your profile.",
  linkInvalid: "This unsubscribe link is invalid or has expired.",
} satisfies EnglishOf<typeof MAIL_PREFERENCE_MESSAGES>;

