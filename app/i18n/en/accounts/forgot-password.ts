import type { forgotPasswordWords } from "../../vi/accounts/forgot-password";
import type { EnglishOf } from "../../words";

export const forgotPassword: EnglishOf<typeof forgotPasswordWords> = {
  forgotTitle: "Forgot your password",
  forgotDescription: "Enter the email you registered with. We will send you a link to reset your password.",
  email: "Email",
  send: "Send the reset link",
  sending: "Sending...",
  backToLogin: "Back to sign in",
  sentTitle: "Check your email",
  sentBefore: "If",
  sentAfter: "has an account here, we have sent it a link to reset your password.",
  sentStepInbox: "Open the inbox of that address. If the mail is not there, look in the Spam or Promotions folder.",
  sentStepLink: "Follow the link in the mail to set a new password.",
  sentStepHour: "The link works for 1 hour, and only once.",
  notReceived: "Didn't get the email?",
  resend: "Send again",
  resending: "Sending again...",
  resent: "We sent the instructions again. Please check your inbox.",
  useAnotherEmail: "Use another email address",
};
