import { expect } from "@playwright/test";
import { test, writeStoreDb } from "./support";

// docs/product.md §2: the TestFlight action of an app whose link is missing says so in an alert, the
// store's own (a toast with role alert), not the browser's blocking window.alert.

test("a TestFlight app without its link says so in an alert when its button is pressed", { tag: "@phone" }, async ({ page, ownApp }) => {
  const app = await ownApp("tf-missing");
  // The admin's form refuses a TestFlight app without a link: an app stored before that rule has none.
  await writeStoreDb((db) => [db.prepare("UPDATE apps SET testflight_url = NULL WHERE url = ?1").bind(app)]);
  let blocked = false;
  page.on("dialog", (dialog) => {
    blocked = true;
    void dialog.dismiss();
  });
  await page.goto(`/${app}`);
  await page.getByRole("button", { name: "Mở TestFlight" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "This is not a TestFlight app or URL is missing" })).toBeVisible();
  expect(blocked).toBe(false);
});
