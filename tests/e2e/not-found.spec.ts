import { expect, test } from "@playwright/test";

// Pages that do not exist (issue 53 item 6): one 404 page in the address's language, with a title,
// the footer and its language switch, that hydrates without an error; /en/dashboard forwards to
// the English profile as /dashboard forwards to the Vietnamese one.

const PAGES = [
  { path: "/some/deep/path", lang: "vi", heading: "Không tìm thấy trang", title: /^Không tìm thấy trang \| /, other: "English" },
  { path: "/en/some/deep/path", lang: "en", heading: "Page not found", title: /^Page not found \| /, other: "Tiếng Việt" },
] as const;

for (const { path, lang, heading, title, other } of PAGES) {
  test(`${path} is the ${lang} 404 page, whole and hydrated without an error @phone`, async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => message.type() === "error" && !/404/.test(message.text()) && errors.push(message.text()));
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page).toHaveTitle(title);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    const footer = page.locator("footer");
    await expect(footer.getByRole("link", { name: other })).toBeVisible();
    // Hydrated: the page answers a client navigation, and still speaks its language.
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    expect(errors).toEqual([]);
  });
}

test("/en/dashboard forwards to the English profile as /dashboard forwards to the Vietnamese one", async ({ request }) => {
  for (const [from, to] of [
    ["/dashboard", "/profile"],
    ["/en/dashboard", "/en/profile"],
  ]) {
    const answer = await request.get(from, { maxRedirects: 0 });
    expect(answer.status(), from).toBe(302);
    expect(new URL(answer.headers().location ?? "", "http://store.test").pathname, from).toBe(to);
  }
});
