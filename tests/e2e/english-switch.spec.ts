import { expect, test } from "@playwright/test";
import { newUser, signIn } from "./support";

// The way between the two stores (docs/product.md, "The English store"): the switch keeps the page
// and is remembered; a browser's language only suggests, on `/`.

test("the switch leads to the same page in English and back, and / then remembers the choice", { tag: "@phone" }, async ({ page, isMobile }) => {
  await page.goto("/chien-binh-rong-mod-menu?ref=x");
  await expect(page.locator("html")).toHaveAttribute("lang", "vi");
  if (isMobile) await page.getByRole("button", { name: "Mở menu" }).click();
  await page.getByRole("banner").getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL(/\/en\/chien-binh-rong-mod-menu\?ref=x$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  // Chosen once, `/` brings the visitor back to the English store.
  await page.goto("/");
  await expect(page).toHaveURL(/\/en\/$/);

  // And back: the footer's switch, to the Vietnamese page, remembered too.
  await page.getByRole("contentinfo").getByRole("link", { name: "Tiếng Việt" }).click();
  await expect(page).toHaveURL(/^https?:\/\/[^/]+\/$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "vi");
  await page.goto("/");
  await expect(page).toHaveURL(/^https?:\/\/[^/]+\/$/);
});

test("a signed-in buyer's switch is kept on the account, so the store's mails follow it", async ({ page, request }) => {
  const buyer = await newUser(request, "switch");
  const language = async () => (await (await request.get("/api/auth/me/", { headers: { Authorization: `Bearer ${buyer.access}` } })).json()).data.locale;
  expect(await language()).toBe("vi");
  await signIn(page, buyer);
  await page.goto("/profile");
  await page.getByRole("contentinfo").getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL(/\/en\/profile$/);
  await expect.poll(language).toBe("en");
  await page.getByRole("contentinfo").getByRole("link", { name: "Tiếng Việt" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "vi");
  await expect(page).toHaveURL(/^https?:\/\/[^/]+\/profile$/);
  await expect.poll(language).toBe("vi");
});

test("each page names its twin in the other language for search engines", async ({ page }) => {
  await page.goto("/login");
  const origin = new URL(page.url()).origin;
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", `${origin}/en/login`);
  await expect(page.locator('link[rel="alternate"][hreflang="vi"]')).toHaveAttribute("href", `${origin}/login`);
  await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute("href", `${origin}/login`);
});

test.describe("a browser that asks for English", () => {
  test.use({ locale: "en-US" });

  test("is offered the English store on / and not moved; closing the offer keeps Vietnamese", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/^https?:\/\/[^/]+\/$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "vi");
    const offer = page.getByRole("complementary").filter({ hasText: "This store is also in English." });
    await expect(offer.getByRole("link", { name: "Read it in English" })).toHaveAttribute("href", "/en/");
    await offer.getByRole("button", { name: "Close" }).click();
    await expect(offer).toHaveCount(0);
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "vi");
    await expect(page.getByText("This store is also in English.")).toHaveCount(0);
  });

  test("the offer moves nothing on the page it appears over (no layout shift)", async ({ page }) => {
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto("/");
    await expect(page.getByRole("complementary").filter({ hasText: "This store is also in English." })).toBeVisible();
    // Two frames after it is drawn, so a shift it caused has been recorded.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const shifted = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0));
    expect(shifted).toBeLessThan(0.001);
    // At the page's end, the footer's switch is above the offer, not under it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footer = await page.getByRole("contentinfo").boundingBox();
    const offer = await page.getByRole("complementary").filter({ hasText: "This store is also in English." }).boundingBox();
    expect(footer && offer && footer.y + footer.height).toBeLessThanOrEqual(offer?.y ?? 0);
  });

  test("is offered nothing elsewhere", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("This store is also in English.")).toHaveCount(0);
  });
});

test("a Vietnamese browser is offered nothing", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("This store is also in English.")).toHaveCount(0);
});
