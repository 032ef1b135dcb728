import type { appPageWords } from "../../vi/catalogue/app-page";
import type { EnglishOf } from "../../words";

export const appPage: EnglishOf<typeof appPageWords> = {
  breadcrumb: "Breadcrumb",
  home: "← Home",
  version: "Version",
  minimumIos: "Minimum iOS",
  description: "Description",
  features: "Features",
  support: "Support",
  supportIntro: "Trouble installing? Contact us.",
  testFlightMissing: "This is not a TestFlight app or URL is missing",
  downloadFor: (appName: string) => `Download ${appName} for iOS`,
  media: "Screenshots & video",
  viewFullScreen: "View full screen",
  thumbnails: "Thumbnails",
  thumbnailImage: (position: number) => `Image ${position}`,
  thumbnailVideo: (position: number) => `Video ${position}`,
  imageOf: (appName: string, position: number) => `${appName}: image ${position}`,
  previousImage: "Previous image",
  nextImage: "Next image",
  notFound: "App not found",
  notFoundMessage: "The app you are looking for does not exist or has been removed.",
  paused: "This app is paused",
  pausedKeys: "Keys already bought keep their remaining time, given back when the app resumes. Keys are not sold meanwhile.",
};
