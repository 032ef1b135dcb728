import { expect, type Page, test } from "@playwright/test";
import { fundUser, newUser, signIn, toast, writeStoreDb } from "./support";

// The English store's catalogue (docs/product.md, "The English store"): the home page at /en/, the
// app pages under it and a purchase there, on a phone, with the Vietnamese store beside it untouched.
// App names and descriptions are the shop's own words, Vietnamese in the demo catalogue: they are
// the only Vietnamese an English page may show (the four key types have English names, issue 54).

const APP = "chien-binh-rong-mod-menu";
const APP_NAME = "Chiến Binh Rồng Mod Menu";
// Bought from here, so the Vietnamese purchase tests keep their stock counts.
const BUY_APP = "skyline-racer-vip";

const VIETNAMESE_LETTERS = /[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹàáèéìíòóùúýãĩõũ]/i;

/** The text of `main` without the shop's own words (the nodes `selectors` name). */
function mainTextWithout(page: Page, selectors: string[]): Promise<string> {
  return page.getByRole("main").evaluate((main, drop) => {
    const copy = main.cloneNode(true) as HTMLElement;
    for (const node of copy.querySelectorAll(drop.join(","))) node.remove();
    const labels = [...copy.querySelectorAll("[aria-label],[alt],[placeholder],[title]")].flatMap((node) =>
      ["aria-label", "alt", "placeholder", "title"].map((name) => node.getAttribute(name) ?? ""),
    );
    return [copy.textContent ?? "", ...labels].join("\n");
  }, selectors);
}

/** The header's account area in English: the navigation on wide screens, the menu on phones. */
async function accountArea(page: Page, isMobile: boolean) {
  if (!isMobile) return page.getByRole("navigation", { name: "Account" });
  const menuButton = page.getByRole("button", { name: "Open menu" });
  if ((await menuButton.getAttribute("aria-expanded")) !== "true") await menuButton.click();
  return page.getByRole("navigation", { name: "Menu" });
}

test("the English home page: in English, its cards lead to English app pages, its search stays English", { tag: "@phone" }, async ({ page }) => {
  await page.goto("/en/");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page).toHaveTitle("iOS Game Hack");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /^Download iOS apps/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("iOS Game Hack");
  await expect(page.getByText("Apps and modded games for iOS")).toBeVisible();
  await expect(page.getByText(/^Last updated: \d{2}:\d{2}, \d{1,2} [A-Z][a-z]{2} \d{4}$/)).toBeVisible();

  const cards = page.getByRole("list", { name: "Apps" }).getByRole("listitem");
  await expect(cards).toHaveCount(12);
  await expect(cards.first().locator("dd").nth(1)).toHaveText(/^[\d,]+ downloads?$/);
  await expect(cards.first().locator("dd").last()).toHaveText(/ ago$|^Just now$/);
  const links = await cards.getByRole("link").evaluateAll((nodes) => nodes.map((node) => node.getAttribute("href")));
  for (const href of links) expect(href).toMatch(/^\/en\/[^/]+$/);
  expect(await mainTextWithout(page, [".app-card-name", ".app-card-developer"])).not.toMatch(VIETNAMESE_LETTERS);

  await page.getByRole("searchbox", { name: "Search apps" }).fill("Skyline");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/en\/\?q=Skyline(&type=)?$/);
  await expect(page.getByText("1 app found")).toBeVisible();
  await page.getByRole("searchbox", { name: "Search apps" }).fill("khong-co-ung-dung-nay");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByText("No apps found.")).toBeVisible();
  await page.getByRole("link", { name: "Clear the search" }).click();
  await expect(page).toHaveURL(/\/en\/$/);

  await page.getByRole("link", { name: new RegExp(APP_NAME) }).click();
  await expect(page).toHaveURL(new RegExp(`/en/${APP}$`));
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(APP_NAME);
});

test("an English app page: its words, its links, its gallery, its prices, and its missing app", { tag: "@phone" }, async ({ page }) => {
  // The English words are there before the page hydrates (app/i18n/english-pages.tsx): no mismatch to report.
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  await page.goto(`/en/${APP}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page).toHaveTitle(`${APP_NAME} 3.4.1 | iOS Game Hack`);
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("link", { name: "← Home" })).toHaveAttribute("href", "/en/");
  for (const heading of ["Description", "Features", "Screenshots & video", "Buy a key", "Support"]) {
    await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
  }
  for (const fact of ["Version", "Downloads", "Updated", "Size", "Minimum iOS"]) await expect(page.getByRole("main").getByText(fact, { exact: true })).toBeVisible();
  await expect(page.getByTestId("download-count")).toHaveText(/^\d{1,3}(,\d{3})*$/);
  await expect(page.getByRole("link", { name: "Download IPA" })).toBeVisible();

  // The options: English states, prices written the English way.
  const buy = page.getByRole("button", { name: "Buy now" });
  await expect(buy).toBeEnabled(); // hydrated
  const states = page.getByTestId("pricing-state");
  await expect(states).toHaveText([/^\d+ keys? left$/, /^\d+ keys? left$/, /^(Almost gone \(\d left\)|Sold out)$/, "Sold out"]);
  await expect(page.locator("[data-pricing-id]").first()).toContainText(/20,000\s₫/);
  await expect(page.getByText(/^Chosen: 1 day · 20,000\s₫ ≈ \$0\.78$/)).toBeVisible();

  const thumbnails = page.getByRole("list", { name: "Thumbnails" });
  await thumbnails.getByRole("button", { name: "Image 2" }).click();
  await expect(page.getByRole("img", { name: `${APP_NAME}: image 2` })).toBeVisible();
  await page.getByRole("button", { name: "View full screen" }).click();
  const viewer = page.getByRole("dialog", { name: "Screenshots & video" });
  await expect(viewer.getByRole("button", { name: "Next image" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(viewer).toHaveCount(0);

  // The shop's own words set aside, nothing on the page is Vietnamese.
  const shopWords = ["h1", 'nav [aria-current="page"]', "header p", "#description-heading + p", 'section[aria-labelledby="features-heading"] ul', "[data-pricing-id] .font-semibold", "[aria-live] .font-semibold", "img[alt]"];
  expect(await mainTextWithout(page, shopWords)).not.toMatch(VIETNAMESE_LETTERS);

  expect(problems).toEqual([]);

  // A guest who buys signs in on the English page, and comes back here.
  await buy.click();
  await expect(page).toHaveURL(new RegExp(`/en/login\\?redirect=%2Fen%2F${APP}$`));

  const missing = await page.goto("/en/khong-co-ung-dung-nay");
  expect(missing?.status()).toBe(404);
  await expect(page).toHaveTitle("App not found | iOS Game Hack");
  await expect(page.getByRole("heading", { name: "App not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to the home page" })).toHaveAttribute("href", "/en/");
});

test("a purchase on an English app page: the dialogs in English, prices as 45,000 ₫", { tag: "@phone" }, async ({ page, request, context, isMobile, baseURL }) => {
  const buyer = await newUser(request);
  await signIn(page, buyer);
  await page.goto(`/en/${BUY_APP}`);
  const buy = page.getByRole("button", { name: "Buy now" });
  await expect(buy).toBeEnabled(); // hydrated: a tap on the menu button is no longer lost
  await expect(await accountArea(page, isMobile)).toContainText(buyer.user.full_name); // signed in
  if (isMobile) await page.keyboard.press("Escape");

  await page.getByRole("radio", { name: /^7 days/ }).check();
  await buy.click();
  const confirm = page.getByRole("dialog", { name: "Confirm your key purchase" });
  await expect(confirm.getByTestId("purchase-price")).toHaveText(/^45,000\s₫ ≈ \$1\.76$/);
  await expect(confirm.getByTestId("purchase-balance")).toHaveText(/^0\s₫$/);
  await expect(confirm.getByRole("radio", { name: "Pay from wallet balance" })).toBeChecked();
  const shortfall = confirm.getByTestId("purchase-shortfall");
  await expect(shortfall).toContainText(/^Insufficient balance\. You need 45,000\s₫; your balance is 0\s₫\./);
  // It carries the way back to this page (issue 53 overrules the bare "/en/profile?tab=wallet&topup=vietqr").
  await expect(shortfall.getByRole("link", { name: "Top up your wallet →" })).toHaveAttribute("href", `/en/profile?tab=wallet&topup=vietqr&back=${encodeURIComponent(`/en/${BUY_APP}`)}`);
  await expect(confirm.getByRole("button", { name: "Confirm purchase" })).toBeDisabled();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);

  await fundUser(request, buyer.user.id, 100000);
  await buy.click();
  await expect(confirm.getByTestId("purchase-balance")).toHaveText(/^100,000\s₫$/);
  await expect(confirm.getByText("Balance after purchase")).toBeVisible();
  await expect(confirm).toContainText(/55,000\s₫/);
  await confirm.getByRole("button", { name: "Confirm purchase" }).click();

  const success = page.getByRole("dialog", { name: "Key purchased!" });
  await expect(success.getByTestId("purchased-key")).toHaveText(/^IGH-/);
  await expect(success).toContainText(/7 days key for Skyline Racer VIP · 45,000\s₫ ≈ \$1\.76/);
  await expect(success.getByText("Your key", { exact: true })).toBeVisible();
  // The link names the tab it opens, "Purchases" (issue 53 overrules "Profile → Purchase history").
  await expect(success.getByRole("link", { name: "Profile → Purchases" })).toHaveAttribute("href", "/en/profile?tab=purchases#profile-panel-purchases");
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await success.getByRole("button", { name: "Copy key" }).click();
  await expect(toast(page, "Key copied to the clipboard!")).toBeVisible();
  await expect(success.getByRole("button", { name: "Copied" })).toBeVisible();
  // The dialog's own button, not the corner × (also named Close), as the Vietnamese purchase test does.
  await success.getByRole("button", { name: "Close", exact: true }).first().click();
  await expect(success).toHaveCount(0);

  await expect(await accountArea(page, isMobile)).toContainText(/55,000\s₫/);
});

test("each page names its twin in the other language for search engines", { tag: "@phone" }, async ({ page, baseURL }) => {
  for (const [path, vi, en] of [
    ["/en/", "/", "/en/"],
    ["/", "/", "/en/"],
    [`/en/${APP}`, `/${APP}`, `/en/${APP}`],
    [`/${APP}`, `/${APP}`, `/en/${APP}`],
  ]) {
    await page.goto(path);
    await expect(page.locator('link[rel="alternate"][hreflang="vi"]'), path).toHaveAttribute("href", `${baseURL}${vi}`);
    await expect(page.locator('link[rel="alternate"][hreflang="en"]'), path).toHaveAttribute("href", `${baseURL}${en}`);
    await expect(page.locator('link[rel="alternate"][hreflang="x-default"]'), path).toHaveAttribute("href", `${baseURL}${vi}`);
  }
});

test("the edge cache keeps the two languages apart", { tag: "@phone" }, async ({ request }) => {
  // The nonce differs with every answer, even from the same kept copy.
  const page = async (path: string) => (await (await request.get(path)).text()).replace(/nonce="[^"]*"/g, 'nonce=""');
  // The page's language (the language switch in it names the other one).
  const languageOf = (html: string) => /<html lang="([^"]*)"/.exec(html)?.[1];
  for (const [vi, en, viButton, enButton] of [
    ["/", "/en/", ">Tìm kiếm</button>", ">Search</button>"],
    [`/${APP}`, `/en/${APP}`, ">Mua ngay</button>", ">Buy now</button>"],
  ]) {
    const first = await page(vi);
    const english = await page(en);
    const again = await page(vi);
    const englishAgain = await page(en);
    for (const html of [first, again]) {
      expect(languageOf(html), vi).toBe("vi");
      expect(html, vi).toContain(viButton);
    }
    for (const html of [english, englishAgain]) {
      expect(languageOf(html), en).toBe("en");
      expect(html, en).toContain(enButton);
    }
    expect(again, `${vi}: the kept copy`).toBe(first);
    expect(englishAgain, `${en}: the kept copy`).toBe(english);
  }
});

test("an app's English name and description, when the shop gave them, are the English page's; the Vietnamese page keeps its own", { tag: "@phone" }, async ({ page }) => {
  // An app no other browser test opens, so no copy of its pages is cached yet.
  await writeStoreDb((db) => [db.prepare("UPDATE apps SET name_en = ?1, description_en = ?2 WHERE url = ?3").bind("Legend of the Swordsman", "A sword-fighting role-playing game.", "huyen-thoai-kiem-khach")]);
  await page.goto("/en/huyen-thoai-kiem-khach");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Legend of the Swordsman");
  await expect(page.getByRole("main")).toContainText("A sword-fighting role-playing game.");
  await expect(page).toHaveTitle(/^Legend of the Swordsman/);
  await page.goto("/huyen-thoai-kiem-khach");
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Legend of the Swordsman");
  await expect(page.getByRole("main")).not.toContainText("A sword-fighting role-playing game.");
});
