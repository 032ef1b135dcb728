import { expect, test } from "@playwright/test";

// A visitor searches and filters the home page (issue #18): an ordinary GET form, so the results
// come with the page, the address can be shared and the back button works.

const grid = (page: import("@playwright/test").Page) => page.getByRole("list", { name: "Danh sách ứng dụng" });

test("a visitor searches without diacritics, filters by type, clears an empty search and goes back", async ({ page }) => {
  // A search page is rendered from its normalised address: it must still hydrate cleanly.
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto("/");
  const search = page.getByRole("searchbox", { name: "Tìm ứng dụng" });
  await search.fill("chien binh");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/\?q=chien\+binh&type=$/);
  await expect(grid(page).getByRole("heading", { name: "Chiến Binh Rồng Mod Menu" })).toBeVisible();
  await expect(grid(page).getByRole("listitem")).toHaveCount(1);
  await expect(page.getByText("Tìm thấy 1 ứng dụng")).toBeVisible();

  await search.fill("ĐẢO");
  await page.getByRole("button", { name: "Tìm kiếm" }).click();
  await expect(grid(page).getByRole("heading", { name: "Đảo Hải Tặc Online" })).toBeVisible();

  await search.fill("");
  await page.getByLabel("Loại ứng dụng").selectOption("rootless");
  await page.getByRole("button", { name: "Tìm kiếm" }).click();
  await expect(page).toHaveURL(/type=rootless/);
  await expect(grid(page).getByRole("heading", { name: "NoAds Tweak" })).toBeVisible();
  await expect(grid(page).getByRole("heading", { name: "Chiến Binh Rồng Mod Menu" })).toHaveCount(0);
  for (const badge of await grid(page).locator("[data-type]").all()) await expect(badge).toHaveAttribute("data-type", "rootless");

  await search.fill("chiến binh");
  await page.getByRole("button", { name: "Tìm kiếm" }).click();
  await expect(page.getByText("Không tìm thấy ứng dụng nào")).toBeVisible();
  await page.getByRole("link", { name: "Xoá tìm kiếm" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("searchbox", { name: "Tìm ứng dụng" })).toHaveValue("");

  await page.goBack();
  await expect(page.getByText("Không tìm thấy ứng dụng nào")).toBeVisible();
  await page.goBack();
  await expect(grid(page).getByRole("heading", { name: "NoAds Tweak" })).toBeVisible();
  expect(errors).toEqual([]);
});

test("what a visitor types before the page's script has run stays in the search box", async ({ page }) => {
  // The scripts are held back until the visitor has typed, as on a slow phone network.
  let release = () => {};
  const typed = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/assets/**/*.js", async (route) => {
    await typed;
    await route.continue();
  });
  await page.goto("/", { waitUntil: "commit" });
  const search = page.getByRole("searchbox", { name: "Tìm ứng dụng" });
  await search.fill("chien binh");
  release();
  // Hydrated: React has attached itself to the field; then its effects get a moment to run.
  await page.waitForFunction(() => Object.keys(document.getElementById("home-search") ?? {}).some((key) => key.startsWith("__reactFiber")));
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 200)));
  await expect(search).toHaveValue("chien binh");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/\?q=chien\+binh&type=$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form still searches: the results are in the page's HTML", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("searchbox", { name: "Tìm ứng dụng" }).fill("CHIẾN BINH");
    await page.getByRole("button", { name: "Tìm kiếm" }).click();
    await expect(grid(page).getByRole("heading", { name: "Chiến Binh Rồng Mod Menu" })).toBeVisible();
  });
});

test("the store can be added to a home screen: manifest and PNG touch icon", async ({ page, request }) => {
  await page.goto("/");
  const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
  const icon = await request.get(touchIcon!);
  expect(icon.headers()["content-type"]).toBe("image/png");
  expect((await icon.body()).subarray(1, 4).toString()).toBe("PNG");
  const manifest = await (await request.get((await page.locator('link[rel="manifest"]').getAttribute("href"))!)).json();
  expect(manifest.name).toBe("iOS Game Hack");
  for (const entry of manifest.icons) expect((await request.get(entry.src)).headers()["content-type"]).toBe("image/png");
});
