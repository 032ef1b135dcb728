import { expect, type Page, test } from "@playwright/test";
import { ADMIN_LOGIN, ADMIN_PASSWORD, fundUser, login, newUser, signIn } from "./support";

// Issue #27 item 12: every text a person reads has 4.5:1 against what it is drawn on (3:1 when
// large), placeholders included, on the buyer's pages, a dialog and the admin area; the wallet
// page's headings go down one level at a time from a single h1.

const APP = "/chien-binh-rong-mod-menu";

type LowContrast = { text: string; ratio: number; needed: number; colour: string };

/**
 * Each visible text's colour against its effective background: the background colours of the
 * element and its ancestors, painted root first onto a one-pixel canvas (the browser composites
 * them, whatever colour syntax the theme uses), then the text colour over them.
 * Not measured: text over a gradient (decorative initials), and text in a disabled or dimmed
 * (opacity < 1) control, which WCAG exempts.
 */
async function lowContrast(page: Page): Promise<LowContrast[]> {
  return page.evaluate(() => {
    const context = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
    if (!context) throw new Error("no canvas");
    const luminance = (element: Element, colour: string) => {
      context.fillStyle = "#fff";
      context.fillRect(0, 0, 1, 1);
      const chain: Element[] = [];
      for (let node: Element | null = element; node; node = node.parentElement) chain.unshift(node);
      for (const node of chain) {
        const style = getComputedStyle(node);
        if (style.backgroundImage.includes("gradient") || Number(style.opacity) < 1) return null;
        context.fillStyle = style.backgroundColor;
        context.fillRect(0, 0, 1, 1);
      }
      const under = context.getImageData(0, 0, 1, 1).data;
      context.fillStyle = colour;
      context.fillRect(0, 0, 1, 1);
      const over = context.getImageData(0, 0, 1, 1).data;
      const relative = (data: Uint8ClampedArray) => {
        const [r, g, b] = [0, 1, 2].map((i) => (data[i] / 255 <= 0.04045 ? data[i] / 255 / 12.92 : ((data[i] / 255 + 0.055) / 1.055) ** 2.4));
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const [a, b] = [relative(under), relative(over)];
      return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    };
    const failures: LowContrast[] = [];
    const check = (element: Element, text: string, colour: string) => {
      if (element.closest(":disabled, [aria-disabled='true']")) return;
      const style = getComputedStyle(element);
      const size = Number.parseFloat(style.fontSize);
      const needed = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700) ? 3 : 4.5;
      const ratio = luminance(element, colour);
      if (ratio !== null && ratio < needed) failures.push({ text: text.slice(0, 60), ratio: Math.round(ratio * 100) / 100, needed, colour });
    };
    const seen = new Set<Element>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      const element = node.parentElement;
      if (!element || seen.has(element) || !node.textContent?.trim() || element.closest("script, style, template")) continue;
      seen.add(element);
      if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (box.width < 2 || box.height < 2) continue; // screen-reader-only text
      check(element, node.textContent.trim(), getComputedStyle(element).color);
    }
    for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input[placeholder], textarea[placeholder]")) {
      if (field.value === "" && field.checkVisibility()) check(field, `placeholder: ${field.placeholder}`, getComputedStyle(field, "::placeholder").color);
    }
    return failures;
  });
}

test("muted text reaches 4.5:1 on the home page, an app page and the wallet with a dialog open", async ({ page, request }) => {
  const buyer = await newUser(request, "tuongphan", { first_name: "Tương", last_name: "Phản" });
  await fundUser(request, buyer.user.id, 50_000);
  await signIn(page, buyer);

  await page.goto("/");
  await expect(page.getByRole("list", { name: "Danh sách ứng dụng" })).toBeVisible();
  expect(await lowContrast(page), "home").toEqual([]);

  await page.goto(APP);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await lowContrast(page), "app page").toEqual([]);

  await page.goto("/profile?tab=wallet");
  await expect(page.getByTestId("wallet-transaction")).toHaveCount(1);
  expect(await lowContrast(page), "wallet").toEqual([]);

  await page.getByRole("tabpanel", { name: "Ví tiền" }).getByRole("button", { name: "Nạp thẻ cào" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading")).toBeVisible();
  await expect(dialog.locator("input[placeholder]").first()).toBeVisible();
  expect(await lowContrast(page), "card dialog").toEqual([]);
});

test("muted text reaches 4.5:1 in the admin area's overview and user table", async ({ page, request }) => {
  const buyer = await newUser(request, "tuongphan", { first_name: "Tương", last_name: "Phản" });
  await signIn(page, await login(request, ADMIN_LOGIN, ADMIN_PASSWORD));
  await page.goto("/admin/overview");
  // The admin area checks the rights before it draws; a busy machine makes that slow.
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(buyer.user.username).first()).toBeVisible();
  expect(await lowContrast(page), "admin overview").toEqual([]);

  await page.goto("/admin/users");
  await expect(page.getByText(buyer.user.username).first()).toBeVisible();
  expect(await lowContrast(page), "admin users").toEqual([]);
});

test("the wallet page has one h1 and no skipped heading level", async ({ page, request }) => {
  const buyer = await newUser(request, "tieude", { first_name: "Tiêu", last_name: "Đề" });
  await fundUser(request, buyer.user.id, 50_000);
  await signIn(page, buyer);
  await page.goto("/profile?tab=wallet");
  await expect(page.getByTestId("wallet-transaction")).toHaveCount(1);

  const levels = await page.evaluate(() =>
    Array.from(document.querySelectorAll("h1, h2, h3, h4, h5, h6"))
      .filter((heading) => heading.checkVisibility())
      .map((heading) => `h${heading.tagName[1]} ${heading.textContent?.trim()}`),
  );
  expect(levels.filter((heading) => heading.startsWith("h1"))).toHaveLength(1);
  const skipped = levels.filter((heading, index) => index > 0 && Number(heading[1]) > Number(levels[index - 1][1]) + 1);
  expect(skipped, levels.join(" / ")).toEqual([]);
});
