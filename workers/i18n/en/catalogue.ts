// The English of the app form's rules both sides share (workers/shared/app-form.ts). The catalogue's
// own words declare theirs (workers/catalogue/messages.ts).
import type { APP_FORM_MESSAGES, FILE_MESSAGES } from "../../shared/app-form";
import type { EnglishOf } from "../../shared/message";
import { count } from "../../shared/english/format";

export const APP_FORM_EN = {
  required: "Please fill in all the required fields!",
  needItms: "Please upload an IPA file or enter an ITMS URL!",
  needTestflight: "Please enter a TestFlight URL!",
  needFile: "Please upload the app file!",
  requiredField: "This field is required",
  slugTaken: "This address (url) is already in use",
  slugReserved: "This address (url) is one of the store's own pages",
  badType: "Invalid app type",
  badItmsUrl: "The ITMS URL must start with itms-services:// or https://",
  badTestflightUrl: "The TestFlight URL must be a https://testflight.apple.com/… link",
  badPrice: "The price must be a whole number, zero or more",
  tooLong: (max: number) => `At most ${count(max, "character")}`,
  created: "App created successfully!",
  updated: "App updated successfully!",
  updateFailed: (message?: string) => `Could not update the app: ${message || "Please try again later!"}`,
  deleted: "App deleted successfully!",
  notFound: "App not found",
  nothingToUpdate: "There is nothing to update",
  badMinVersion: "The minimum version may only contain digits and dots, for example 1.2.3",
} satisfies EnglishOf<typeof APP_FORM_MESSAGES>;

export const FILE_EN = {
  appFileType: "The app file must be an .ipa, .tipa or .deb file",
  appFileForType: (extensions: string) => `This app type needs a ${extensions} file`,
  tooBig: (what: string, limit: string) => `${what} is over the ${limit} limit`,
  empty: "The file is empty",
  iconType: "The icon must be a PNG, JPG, GIF or WebP image",
  mediaType: "Images and videos must be PNG, JPG, GIF, WebP, MP4, MOV, AVI or WebM",
  notWhatItClaims: (filename: string) => `The file ${filename} is not in the format its name says`,
  badPackage: (what: string, reason: string) => `Invalid ${what} file: ${reason}`,
  videoTooLong: "The video is longer than 30 seconds",
} satisfies EnglishOf<typeof FILE_MESSAGES>;

