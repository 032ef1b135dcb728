import { expect, test } from "@playwright/test";
import { ADMIN_LOGIN, ADMIN_PASSWORD, fundUser, headerAccount, holdDashboardForward, login, newUser, signIn } from "./support";

// The owner's overview (issue #18): first in the admin navigation, today's sale and deposit in the
// figures, a chart of the days, and the waiting work with links to the screens that resolve it.

const APP = "chien-binh-rong-mod-menu";

test("the owner opens Tổng quan and sees today's sale, the chart and what needs them", { tag: "@phone" }, async ({ page, request }) => {
  const buyer = await newUser(request, "overview");
  await fundUser(request, buyer.user.id, 200000);
  const auth = { Authorization: `Bearer ${buyer.access}` };
  const pricing = await (await request.get(`/api/keys/apps/${APP}/pricing/`, { headers: auth })).json();
  const option = (pricing.data as { id: number; price: number; can_purchase: boolean }[]).find((item) => item.can_purchase && item.price <= 200000);
  expect(option, "a key the buyer can afford").toBeTruthy();
  const bought = await request.post("/api/keys/purchase/", { headers: auth, data: { key_pricing_id: option!.id, payment_method: "balance" } });
  expect(bought.ok(), await bought.text()).toBe(true);

  const admin = await login(request, ADMIN_LOGIN, ADMIN_PASSWORD);
  await signIn(page, admin);
  await page.goto("/admin/users");
  const nav = page.getByRole("navigation", { name: "Quản trị" });
  await expect(nav.getByRole("link").first()).toHaveText("Tổng quan");
  await nav.getByRole("link", { name: "Tổng quan" }).click();
  await expect(page).toHaveURL(/\/admin\/overview$/);
  await expect(page.getByRole("heading", { name: "Tổng quan", level: 1 })).toBeVisible();

  const today = page.getByTestId("revenue-cards").locator("div").filter({ hasText: "Doanh thu hôm nay" });
  await expect(today).not.toContainText(/^Doanh thu hôm nay0\s₫/);
  await expect(today).toContainText("₫");
  const chart = page.getByTestId("daily-chart");
  await expect(chart).toBeVisible();
  await expect(chart.locator("rect")).toHaveCount(30);
  await expect(page.getByTestId("top-apps")).toContainText("Chiến Binh Rồng Mod Menu");
  const chartBox = await chart.boundingBox();
  expect(chartBox!.width).toBeLessThanOrEqual(page.viewportSize()!.width);

  await page.getByRole("navigation", { name: "Khoảng thời gian" }).getByRole("link", { name: "7 ngày" }).click();
  await expect(page).toHaveURL(/days=7/);
  await expect(chart.locator("rect")).toHaveCount(7);

  await page.getByTestId("attention").getByRole("link", { name: /Chuyển khoản chờ duyệt/ }).click();
  await expect(page).toHaveURL(/\/admin\/bank-transfers$/);
});

test("a plain user is sent away from Tổng quan", async ({ page, request }) => {
  const user = await newUser(request, "plainov");
  await signIn(page, user);
  await holdDashboardForward(page);
  await page.goto("/admin/overview");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("admin pages offer no language switch, in the header or its menu, and leave the buyer's language alone", { tag: "@phone" }, async ({ page, request, isMobile }) => {
  const admin = await login(request, ADMIN_LOGIN, ADMIN_PASSWORD);
  await signIn(page, admin);
  await page.goto("/admin/overview");
  await expect(page.getByRole("navigation", { name: "Quản trị" })).toBeVisible();
  await expect(headerAccount(page, isMobile)).resolves.toBeTruthy();
  await expect(page.getByRole("link", { name: "English" })).toHaveCount(0);
  expect((await page.context().cookies()).find((cookie) => cookie.name === "lang")).toBeUndefined();
});
