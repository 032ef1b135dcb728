// The English catalogue pages' layout route (the home page and the app pages; app/i18n/english-routes.ts):
// their words, before the page renders.
import { Outlet } from "@remix-run/react";
import { setEnglish } from "../../words";
import { catalogue } from "./catalogue";
import { home } from "./home";
import { appPage } from "./app-page";
import { purchase } from "./purchase";
import { purchaseDialogs } from "./purchase-dialogs";
import { trial } from "./trial";

setEnglish({ catalogue, home, appPage, purchase, purchaseDialogs, trial });

export default function EnglishCataloguePages() {
  return <Outlet />;
}
