import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { localSettings } from "../../scripts/lib.mjs";
import { simulateBankTransfer } from "../../scripts/simulate-bank.mjs";
import { ADMIN_LOGIN, ADMIN_PASSWORD, login, newUser, type Session, signIn, uniqueId } from "./support";

// Issue 43 item 6 (finding 5): every admin dialog fits a 1366 × 768 desktop and a 390 × 844 phone
// with nothing to scroll sideways. Each dialog is opened at both sizes; its labels, amounts and
// buttons must lie inside the dialog's box, neither the dialog nor any scroll box in it may be
// wider inside than out, and an amount reads whole ("987.654.321 ₫", not "00 ₫").

test.describe.configure({ timeout: 180_000 });

const SIZES = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];

/** What sticks out of a dialog's panel (the element with its test id), one line each; none when it fits. */
async function overflowOf(dialog: Locator): Promise<string[]> {
  return dialog.evaluate((panel) => {
    const problems: string[] = [];
    const name = (element: Element) => {
      const testId = element.getAttribute("data-testid");
      const text = (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      return `<${element.tagName.toLowerCase()}${testId ? ` data-testid="${testId}"` : ""}> "${text}"`;
    };
    const backdrop = panel.closest("dialog");
    if (!backdrop) return ["no <dialog> around the panel"];
    for (const box of [backdrop, panel]) {
      if (box.scrollWidth > box.clientWidth) problems.push(`${box === panel ? "panel" : "dialog"} scrolls sideways: ${box.scrollWidth} px of content in ${box.clientWidth} px`);
    }
    const edge = panel.getBoundingClientRect();
    if (edge.left < 0 || edge.right > window.innerWidth) problems.push(`panel ${Math.round(edge.left)}–${Math.round(edge.right)} px outside the ${window.innerWidth} px window`);
    for (const element of panel.querySelectorAll("*")) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue; // not shown (a closed <details>, an empty slot)
      // The raw JSON scrolls inside its own box by design; that box itself must still fit.
      if (element.parentElement?.closest("pre")) continue;
      if (rect.right > edge.right + 0.5) problems.push(`${name(element)} ends at ${Math.round(rect.right)} px, past the dialog's right edge ${Math.round(edge.right)} px`);
      if (rect.left < edge.left - 0.5) problems.push(`${name(element)} starts at ${Math.round(rect.left)} px, before the dialog's left edge ${Math.round(edge.left)} px`);
      const style = getComputedStyle(element);
      const scrolls = style.overflowX === "auto" || style.overflowX === "scroll";
      if (scrolls && element.tagName !== "PRE" && element.scrollWidth > element.clientWidth) {
        problems.push(`${name(element)} scrolls sideways: ${element.scrollWidth} px of content in ${element.clientWidth} px`);
      }
      // An amount is shown whole: its own text is a whole figure, and nothing of it is cut.
      const own = Array.from(element.childNodes)
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent)
        .join("");
      if (own.includes("₫")) {
        if (!/\d[\d.]*\s₫/.test(element.textContent ?? "")) problems.push(`${name(element)} is not a whole amount`);
        if (style.display !== "inline" && element.scrollWidth > element.clientWidth) problems.push(`${name(element)} is cut: ${element.scrollWidth} px of text in ${element.clientWidth} px`);
      }
    }
    return problems;
  });
}

/** At each size: opens the dialog `testId` (`open` clicks through to it), runs `check`, checks that it fits, and closes it. */
async function fitsAtBothSizes(page: Page, testId: string, open: () => Promise<void>, check: (dialog: Locator) => Promise<void> = async () => {}) {
  const dialog = page.getByTestId(testId);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await open();
    await expect(dialog).toBeVisible();
    await check(dialog);
    // Soft: one run names every dialog and size that does not fit.
    expect.soft(await overflowOf(dialog), `${testId} at ${size.width} × ${size.height}`).toEqual([]);
    await dialog.getByRole("button", { name: "Hủy" }).or(dialog.getByRole("button", { name: "Đóng" })).first().click();
    await expect(dialog).toBeHidden();
  }
}

/** A balance adjustment whose note is one long unbroken reference, as a bank's transaction id is. */
const LONG_NOTE = `Hoàn tiền giao dịch ${"FT26332".padEnd(90, "0123456789ABCDEF")}`;

async function credit(request: APIRequestContext, admin: Session, userId: number, amount: number) {
  const adjusted = await request.post(`/api/admin/users/${userId}/adjust-balance/`, {
    headers: { Authorization: `Bearer ${admin.access}` },
    data: { amount, transaction_type: "admin_adjustment", description: LONG_NOTE },
  });
  expect(adjusted.ok(), await adjusted.text()).toBe(true);
}

async function signedInAdmin(page: Page, request: APIRequestContext): Promise<Session> {
  const admin = await login(request, ADMIN_LOGIN, ADMIN_PASSWORD);
  await signIn(page, admin);
  return admin;
}

test("the user detail and balance dialogs fit at 1366 × 768 and 390 × 844, the balance read whole", { tag: "@phone" }, async ({ page, request }) => {
  const admin = await signedInAdmin(page, request);
  const buyer = await newUser(request, "rong", { first_name: "Nguyễn Thị Phương", last_name: "Thảo Nguyên" });
  await credit(request, admin, buyer.user.id, 987_654_321);

  await page.goto(`/admin/users?search=${buyer.user.username}`);
  const row = page.getByRole("row").filter({ hasText: buyer.user.username });
  await fitsAtBothSizes(
    page,
    "user-detail",
    () => row.getByRole("button", { name: "Chi tiết" }).click(),
    async (dialog) => {
      await expect(dialog.getByTestId("user-transaction-amount")).toHaveText(/^\+987\.654\.321\s₫$/);
      await expect(dialog.getByTestId("user-transactions")).toContainText(LONG_NOTE);
      const balance = dialog.getByTestId("user-detail-balance");
      await expect(balance).toHaveText(/^987\.654\.321\s₫$/);
      const clipped = await balance.evaluate((element) => element.scrollWidth > element.clientWidth);
      expect(clipped, "the balance tile's amount is cut").toBe(false);
    },
  );
  await fitsAtBothSizes(page, "adjust-balance", () => row.getByRole("button", { name: "Điều chỉnh số dư" }).click(), async (dialog) => {
    await expect(dialog).toContainText(/987\.654\.321\s₫/);
  });
});

test("the audit entry fits at 1366 × 768 and 390 × 844, its raw data opened", { tag: "@phone" }, async ({ page, request }) => {
  const admin = await signedInAdmin(page, request);
  const buyer = await newUser(request, "nhatky");
  await credit(request, admin, buyer.user.id, 123_456_789);

  await page.goto(`/admin/audit?action=balance.adjust&actor=${encodeURIComponent(ADMIN_LOGIN)}`);
  const row = page.getByTestId("audit-table").locator("tbody tr").filter({ hasText: String(buyer.user.email) });
  await expect(row).toHaveCount(1);
  await fitsAtBothSizes(
    page,
    "audit-entry",
    () => row.getByRole("button", { name: "Xem" }).click(),
    async (dialog) => {
      await dialog.getByText("Xem dữ liệu gốc").click();
      await expect(dialog.getByTestId("audit-details")).toContainText('"amount": 123456789');
      await expect(dialog.getByTestId("audit-fields")).toContainText(LONG_NOTE);
    },
  );
});

test("the promotion form and its delete confirmation fit at 1366 × 768 and 390 × 844", { tag: "@phone" }, async ({ page, request }) => {
  const admin = await signedInAdmin(page, request);
  const headers = { Authorization: `Bearer ${admin.access}` };
  const id = uniqueId();
  // A draft: it pays no bonus to anyone else's top-ups while the test runs.
  const name = `Khuyến mãi nạp thẻ cuối tuần cho khách hàng thân thiết ${id}`;
  const created = await request.post("/api/promotions/", {
    headers,
    data: { name, bonus_percentage: 15, min_deposit_amount: 100_000, max_deposit_amount: 900_000_000, max_bonus_amount: 50_000_000, duration: 30, status: "draft", is_automatic: false, requires_code: true, code: `DIALOG${id.toUpperCase().replace(/[^A-Z0-9]/g, "")}`.slice(0, 40) },
  });
  expect(created.status(), await created.text()).toBe(201);
  const promotionId = (await created.json()).data.id;
  try {
    await page.goto(`/admin/promotions?search=${encodeURIComponent(id)}`);
    await fitsAtBothSizes(page, "promotion-modal", () => page.getByRole("button", { name: "+ Tạo khuyến mãi" }).click(), async (dialog) => {
      await dialog.getByText("Người nạp phải nhập mã").click();
      await expect(dialog.getByLabel(/Mã khuyến mãi/)).toBeVisible();
      await expect(dialog.getByRole("button", { name: "Tạo", exact: true })).toBeVisible();
    });
    const row = page.getByRole("row").filter({ hasText: name });
    await fitsAtBothSizes(page, "promotion-modal", () => row.getByRole("button", { name: "Sửa" }).click(), async (dialog) => {
      await expect(dialog.getByRole("button", { name: "Cập nhật" })).toBeVisible();
    });
    await fitsAtBothSizes(page, "confirm-dialog", () => row.getByRole("button", { name: "Xóa", exact: true }).click());
  } finally {
    await request.delete(`/api/promotions/${promotionId}/`, { headers });
  }
});

test("the key screens' dialogs (pricing, key detail, key change, clean-up, delete) fit at 1366 × 768 and 390 × 844", { tag: "@phone" }, async ({ page, request }) => {
  await signedInAdmin(page, request);
  const app = "chien-binh-rong-mod-menu";

  await page.goto(`/admin/app/${app}/keys`);
  await fitsAtBothSizes(page, "pricing-modal", () => page.getByRole("button", { name: "+ Thêm bảng giá" }).click());

  await page.goto(`/admin/app/${app}/keys/list?status=available`);
  const row = page.locator("[data-key-status]").first();
  await fitsAtBothSizes(page, "key-detail", () => row.getByRole("button", { name: "Chi tiết" }).click());
  await fitsAtBothSizes(page, "key-change-dialog", async () => {
    // Opened from the key's detail, which stays open beneath it.
    if (!(await page.getByTestId("key-detail").isVisible())) await row.getByRole("button", { name: "Chi tiết" }).click();
    await page.getByTestId("key-detail").getByRole("button", { name: "Vô hiệu hóa" }).click();
  });
  await page.getByTestId("key-detail").getByRole("button", { name: "Đóng" }).click();
  await fitsAtBothSizes(page, "cleanup-modal", async () => {
    await page.getByRole("button", { name: "Dọn dẹp" }).click();
    await page.getByTestId("cleanup-modal").getByLabel("Xóa key theo trạng thái").check();
  });
  await fitsAtBothSizes(page, "confirm-dialog", () => row.getByRole("button", { name: "Xóa", exact: true }).click());

  await page.goto("/admin");
  await fitsAtBothSizes(page, "confirm-dialog", () => page.getByRole("row").filter({ hasText: "Chiến Binh Rồng Mod Menu" }).getByRole("button", { name: "Xóa", exact: true }).click());
});

test("the bank transfer dialogs (credit to a user, credit a parked card, dismiss) fit at 1366 × 768 and 390 × 844", { tag: "@phone" }, async ({ page, request, baseURL }) => {
  const admin = await signedInAdmin(page, request);
  const adminAuth = { Authorization: `Bearer ${admin.access}` };
  const buyer = await newUser(request, "chuyenkhoan");

  // A transfer that matches no top-up, with a long content.
  const settings = localSettings();
  const content = `CHUYEN TIEN MUA KEY GAME CHO BAN ${uniqueId().toUpperCase()} THANG SAU`;
  const sent = await simulateBankTransfer({ origin: baseURL, apiKey: settings.SEPAY_API_KEY, accountNumber: settings.VIETQR_ACCOUNT_NUMBER, content, amount: 987_654_000 });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);

  // A card the gateway first calls bad (code ending 5555), then a success: parked for the admin.
  const auth = { Authorization: `Bearer ${buyer.access}` };
  const digits = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`.replace(/\D/g, "");
  const card = await request.post("/api/cards/create/", { headers: auth, data: { telco: "VIETTEL", card_serial: digits().slice(-14), card_code: `${digits().slice(-9)}5555`, card_value: 500000 } });
  expect(card.status(), await card.text()).toBe(201);
  const transactionId = (await card.json()).data.transaction_id;
  const unmatched = async () => (await (await request.get("/api/admin/bank-transfers/?status=unmatched", { headers: adminAuth })).json()).data as { id: number; content: string | null; card: { transaction_id: string } | null }[];
  const parkedId = async () => (await unmatched()).find((entry) => entry.card?.transaction_id === transactionId)?.id ?? null;
  await expect.poll(parkedId, { timeout: 20_000 }).not.toBeNull();
  const transferId = (await unmatched()).find((entry) => entry.content?.startsWith(content))?.id;
  expect(transferId).toBeDefined();
  try {
    await page.goto("/admin/bank-transfers");
    const transfer = page.locator(`tr[data-transfer-id="${transferId}"]`);
    await fitsAtBothSizes(page, "credit-transfer", async () => {
      await transfer.getByRole("button", { name: "Cộng cho người dùng" }).click();
      const dialog = page.getByTestId("credit-transfer");
      await dialog.getByLabel("Tìm người dùng (email hoặc tên đăng nhập)").fill(buyer.user.username);
      await dialog.getByLabel("Tìm người dùng (email hoặc tên đăng nhập)").press("Enter");
      await expect(dialog.getByRole("button", { name: new RegExp(`#${buyer.user.id} @${buyer.user.username}`) })).toBeVisible();
    });
    await fitsAtBothSizes(page, "dismiss-transfer", () => transfer.getByRole("button", { name: "Bỏ qua" }).click());
    const parked = page.locator(`tr[data-transfer-id="${await parkedId()}"]`);
    await fitsAtBothSizes(page, "credit-card", () => parked.getByRole("button", { name: "Cộng cho chủ thẻ" }).click());
  } finally {
    // Leave nothing waiting for the next admin test.
    for (const id of [transferId, await parkedId()]) {
      if (id) await request.post(`/api/admin/bank-transfers/${id}/dismiss/`, { headers: adminAuth, data: { note: "E2E: hộp thoại vừa màn hình" } });
    }
  }
});
