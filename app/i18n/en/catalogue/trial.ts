import type { trialWords } from "../../vi/catalogue/trial";
import type { EnglishOf } from "../../words";

export const trial: EnglishOf<typeof trialWords> = {
  heading: "Free trial",
  intro: (hours: number) => `Get a trial key for ${hours === 1 ? "1 hour" : `${hours} hours`}, counted from its first activation. One trial per account and per device.`,
  tryIt: "Try it",
  signIn: "Sign in to try it",
  claiming: "Getting your key...",
  yourKey: "Your trial key:",
  keyLabel: "trial key",
  copied: "Key copied!",
  failed: "Could not get a trial key. Please try again.",
};
