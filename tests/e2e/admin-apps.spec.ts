import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { createIpa, gradientPng } from "../../scripts/demo/ipa.mjs";
import { repeatedWebm } from "../fixtures/media";
import { ADMIN_LOGIN, ADMIN_PASSWORD, expectNoToast, login, signIn, test as withApps, toast } from "./support";

// The admin catalogue (docs/product.md §2 "Admin app list", "Admin create app", "Admin edit app"): an admin
// chooses an IPA (read in the browser: name, version and developer fill in, the 5 s toast shows
// bundle id, build and minimum iOS), creates the app, sees it in the public catalogue, edits it
// and deletes it.

test("an admin creates an IPA app by choosing the file, edits it, and deletes it", async ({ page, request }, testInfo) => {
  const stamp = `${testInfo.project.name}${Date.now().toString(36)}`;
  const appName = `Rồng Lửa ${stamp}`;
  const bundleId = `vn.rongstudio.${stamp.toLowerCase()}`;
  const ipa = createIpa({ name: appName, executable: "RongLua", bundleId, version: "3.2.1", build: "321", minOs: "15.4", hue: 20, random: Math.random });
  const admin = await login(request, ADMIN_LOGIN, ADMIN_PASSWORD);
  await signIn(page, admin);

  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Quản lý ứng dụng" })).toBeVisible();
  await expect(page.getByTestId("app-table").locator("tbody tr").first()).toBeVisible();
  await page.getByRole("link", { name: "+ Thêm ứng dụng" }).click();
  await expect(page).toHaveURL(/\/admin\/app\/new$/);

  // Choosing the IPA fills the form from its Info.plist, without uploading it.
  await page.getByLabel("Tệp ứng dụng").setInputFiles({ name: "RongLua.ipa", mimeType: "application/octet-stream", buffer: Buffer.from(ipa) });
  await expect(page.getByLabel("Tên ứng dụng")).toHaveValue(appName);
  await expect(page.getByRole("textbox", { name: "Phiên bản", exact: true })).toHaveValue("3.2.1");
  await expect(page.getByLabel("Nhà phát triển")).toHaveValue("Rongstudio");
  await expect(page.getByLabel("Đường dẫn (url)")).toHaveValue(`rong-lua-${stamp.toLowerCase()}`);
  await expect(toast(page, `Bundle ID: ${bundleId}`)).toContainText("Build: 321");
  await expect(toast(page, `Bundle ID: ${bundleId}`)).toContainText("iOS tối thiểu: 15.4");
  await expect(page.getByTestId("app-preview")).toContainText(appName);

  // Submitting without a description and icon: the product's message, nothing created.
  await page.getByRole("button", { name: "Tạo ứng dụng" }).click();
  await expect(toast(page, "Vui lòng điền đầy đủ thông tin bắt buộc!")).toBeVisible();

  await page.getByRole("textbox", { name: "Mô tả", exact: true }).fill("Bản mod rồng lửa: vô hạn kim cương.");
  await page.getByLabel("Thay đổi / tính năng").fill("Vô hạn kim cương\nMở khóa mọi rồng");
  await page.getByLabel("Biểu tượng").setInputFiles({ name: "icon.png", mimeType: "image/png", buffer: Buffer.from(gradientPng(64, 20)) });
  await page.getByLabel(/Ảnh chụp màn hình và video/).setInputFiles([{ name: "shot.png", mimeType: "image/png", buffer: Buffer.from(gradientPng(120, 200)) }]);
  await expect(page.getByTestId("new-media")).toContainText("shot.png");
  await page.getByRole("button", { name: "Tạo ứng dụng" }).click();
  await expect(toast(page, "App created successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);

  // The list finds it by bundle id; the public page shows it at once.
  await page.getByLabel("Tìm ứng dụng").fill(bundleId);
  const row = page.getByTestId("app-table").locator("tbody tr", { hasText: appName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("3.2.1");
  const listed = await request.get("/api/apps/list/");
  const created = (await listed.json()).data.find((item: { name: string }) => item.name === appName);
  expect(created).toMatchObject({ bundle_identifier: bundleId, build_number: "321", minimum_os_version: "15.4", version: "3.2.1" });
  expect(created.screenshots).toHaveLength(1);

  // Edit: the header shows badge and version; the pending-changes summary follows the form.
  await row.getByRole("link", { name: "Sửa" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/app/${created.id}/edit$`));
  await expect(page.getByTestId("edit-meta")).toContainText("v3.2.1");
  await expect(page.getByTestId("update-history")).toContainText("v3.2.1 (321)");
  await expect(page.getByTestId("pending-changes")).toContainText("Chưa có thay đổi nào.");
  await page.getByRole("textbox", { name: "Phiên bản", exact: true }).fill("3.3.0");
  await page.getByLabel("Tên ứng dụng").fill(`${appName} Plus`);
  await expect(page.getByTestId("pending-changes")).toContainText("Phiên bản đã sửa");
  await expect(page.getByTestId("pending-changes")).toContainText("Tên ứng dụng đã sửa");
  await page.getByRole("button", { name: "Lưu thay đổi" }).click();
  await expect(toast(page, "Cập nhật ứng dụng thành công!")).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);

  await page.goto(`/${created.url}`);
  await expect(page.getByRole("heading", { name: `${appName} Plus` })).toBeVisible();
  // The file and icon were kept: the download still serves the IPA.
  const download = await request.get(`/api/apps/${created.id}/download/`);
  expect(Buffer.from(await download.body()).equals(Buffer.from(ipa))).toBe(true);

  // Delete with confirmation; the app leaves the public catalogue.
  await page.goto("/admin");
  await page.getByLabel("Tìm ứng dụng").fill(bundleId);
  await page.getByTestId("app-table").locator("tbody tr", { hasText: appName }).getByRole("button", { name: "Xóa" }).click();
  await expect(page.getByTestId("confirm-dialog")).toContainText(`${appName} Plus`);
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Xóa" }).click();
  await expect(toast(page, "Đã xóa ứng dụng thành công!")).toBeVisible();
  await expect(page.getByTestId("app-table")).toContainText("Không tìm thấy ứng dụng nào.");
  expect((await request.get(`/${created.url}`)).status()).toBe(404);
  expect((await request.get(`/api/apps/detail/${created.id}/`)).status()).toBe(404);
});

test("a plain visitor is sent away from the admin app screens", async ({ page }) => {
  await page.goto("/admin/app/new");
  await expect(toast(page, "Bạn cần đăng nhập để truy cập trang này")).toBeVisible();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fapp%2Fnew$/);
});

// Issue #17 item 6: the form reads a chosen video's length in the browser and refuses one over
// 30 s before anything is uploaded. Both videos are real VP9: the demo's 5 s clip, and the same
// clip played seven times over (35 s).
test("the app form refuses a video over 30 s when it is chosen, and takes a 5 s one", async ({ page, request }) => {
  const admin = await login(request, ADMIN_LOGIN, ADMIN_PASSWORD);
  await signIn(page, admin);
  const clip = new Uint8Array(readFileSync(new URL("../../scripts/demo/assets/gameplay.webm", import.meta.url)));
  const uploads: string[] = [];
  page.on("request", (sent) => {
    // What the form sends; the header's live wallet asks for its socket's ticket on every page.
    if (sent.url().includes("/api/") && sent.method() !== "GET" && !sent.url().includes("/api/auth/wallet/live-ticket/")) uploads.push(sent.url());
  });

  await page.goto("/admin/app/new");
  const mediaInput = page.getByLabel(/Ảnh chụp màn hình và video/);
  await mediaInput.setInputFiles([{ name: "dai.webm", mimeType: "video/webm", buffer: Buffer.from(repeatedWebm(clip, 5000, 7)) }]);
  await expect(page.getByText("Video dài quá 30 giây")).toBeVisible();
  await expect(page.getByTestId("new-media")).toHaveCount(0);

  await mediaInput.setInputFiles([{ name: "ngan.webm", mimeType: "video/webm", buffer: Buffer.from(clip) }]);
  await expect(page.getByTestId("new-media")).toContainText("ngan.webm");
  await expect(page.getByText("Video dài quá 30 giây")).toHaveCount(0);
  expect(uploads).toEqual([]);
});

test("the app form refused with its required fields empty marks each of them and moves focus to the first", async ({ page, request }) => {
  const admin = await login(request, ADMIN_LOGIN, ADMIN_PASSWORD);
  await signIn(page, admin);
  await page.goto("/admin/app/new");
  await page.getByRole("button", { name: "Tạo ứng dụng" }).click();
  await expect(toast(page, "Vui lòng điền đầy đủ thông tin bắt buộc!")).toBeVisible();
  const name = page.getByLabel("Tên ứng dụng");
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toBeFocused();
  await expect(page.getByRole("textbox", { name: "Mô tả", exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("textbox", { name: "Phiên bản", exact: true })).toHaveAttribute("aria-invalid", "true");
  // Each marked field names its own problem, read with it.
  const described = await name.getAttribute("aria-describedby");
  expect(described).toBeTruthy();
  await expect(page.locator(`[id="${described?.split(" ")[0]}"]`)).not.toHaveText("");
  // Filled in, a field is no longer marked once the form is sent again.
  await name.fill("Ứng dụng thử");
  await page.getByRole("button", { name: "Tạo ứng dụng" }).click();
  await expect(name).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("textbox", { name: "Phiên bản", exact: true })).toBeFocused();
});

// Issue 53 items 4 and 5: the form's own check and the server's refusal are told the same way, once:
// each field's message under it (named by its aria-describedby), focus on the first, no summary
// repeating the same words beside the button.
withApps("a refused app form marks its fields with their messages under them and moves focus, whether the browser or the server refused it", { tag: "@phone" }, async ({ page, request, ownApp }) => {
  const admin = await login(request, ADMIN_LOGIN, ADMIN_PASSWORD);
  await signIn(page, admin);

  // The browser's check: the create form sent empty.
  await page.goto("/admin/app/new");
  await page.getByRole("button", { name: "Tạo ứng dụng" }).click();
  const name = page.getByLabel("Tên ứng dụng");
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toBeFocused();
  await expect(page.locator(`[id="${(await name.getAttribute("aria-describedby"))?.split(" ")[0]}"]`)).toHaveText("Trường này là bắt buộc");
  await expect(page.getByTestId("validation-summary")).toHaveCount(0);

  // The server's: an app's address changed to one another app has.
  const taken = await ownApp("e2e-taken");
  const mine = await ownApp("e2e-refused");
  const detail = await request.get(`/api/apps/admin/detail/${mine}/`, { headers: { Authorization: `Bearer ${admin.access}` } });
  await page.goto(`/admin/app/${(await detail.json()).data.id}/edit`);
  const url = page.getByLabel("Đường dẫn (url)");
  await url.fill(taken);
  await page.getByRole("button", { name: "Lưu thay đổi" }).click();
  await expect(url).toHaveAttribute("aria-invalid", "true");
  await expect(url).toBeFocused();
  await expect(page.locator(`[id="${(await url.getAttribute("aria-describedby"))?.split(" ")[0]}"]`)).toHaveText("Đường dẫn (url) này đã được sử dụng");
  await expect(page.getByTestId("validation-summary")).toHaveCount(0);
  await expectNoToast(page, "Đường dẫn (url) này đã được sử dụng");
});

// On a phone the edit page is one column: an app whose name is one long word (a slug, a bundle id)
// must not widen it. It once did, through the preview card beside the form: the page scrolled
// sideways once a field was changed, and a tap on "Lưu thay đổi" landed beside the button.
withApps("on a phone, an app named by one long word keeps its edit page inside the screen, and Lưu thay đổi takes the tap", { tag: "@phone" }, async ({ page, request, ownApp }) => {
  const admin = await login(request, ADMIN_LOGIN, ADMIN_PASSWORD);
  const url = await ownApp("e2e-mot-ten-rat-dai-khong-co-dau-cach-nao", { ipa: true });
  const detail = await request.get(`/api/apps/admin/detail/${url}/`, { headers: { Authorization: `Bearer ${admin.access}` } });
  await signIn(page, admin);
  await page.goto(`/admin/app/${(await detail.json()).data.id}/edit`);
  await page.getByLabel("Phiên bản tối thiểu").fill("2.0");
  await expect(page.getByTestId("pending-changes")).toContainText("Phiên bản tối thiểu");
  const { content, screen } = await page.evaluate(() => ({ content: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth }));
  expect(content, "the page's content width against the screen's").toBeLessThanOrEqual(screen);
  await page.getByRole("button", { name: "Lưu thay đổi" }).click();
  await expect(page).toHaveURL(/\/admin$/);
});

// The form fetches its rules with its first check, and its save with the submission (AppForm.tsx):
// a second press on "Lưu thay đổi" while they are on their way is the same save, not a second one.
withApps("an admin who presses Lưu thay đổi twice while the form's code is on its way saves once", async ({ page, request, ownApp }) => {
  const admin = await login(request, ADMIN_LOGIN, ADMIN_PASSWORD);
  const url = await ownApp("e2e-double-save", { ipa: true });
  const detail = await request.get(`/api/apps/admin/detail/${url}/`, { headers: { Authorization: `Bearer ${admin.access}` } });
  await signIn(page, admin);
  await page.goto(`/admin/app/${(await detail.json()).data.id}/edit`);
  await page.getByLabel("Phiên bản tối thiểu").fill("2.0");
  await expect(page.getByTestId("pending-changes")).toContainText("Phiên bản tối thiểu");
  // Every script fetched from now on (the rules, the save) arrives a second late, until the save is sent.
  const lateScripts = "**/assets/*.js";
  await page.route(lateScripts, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  const updates: string[] = [];
  page.on("request", (sent) => {
    if (sent.method() !== "PUT" || !sent.url().includes("/api/apps/update/")) return;
    updates.push(sent.url());
    void page.unroute(lateScripts).catch(() => undefined);
  });
  const save = page.getByRole("button", { name: "Lưu thay đổi" });
  await save.click();
  await save.click();
  // The save's scripts come one after another, each a second late: seconds on a loaded machine.
  await expect(page).toHaveURL(/\/admin$/, { timeout: 20_000 });
  await expect(toast(page, "Cập nhật ứng dụng thành công!")).toHaveCount(1);
  // A second save would have left with the first, both waiting on the same scripts; a second more for it.
  await page.waitForTimeout(1000);
  expect(updates).toHaveLength(1);
});
