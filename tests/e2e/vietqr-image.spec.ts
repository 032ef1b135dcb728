import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { crc16 } from "../../workers/money/vietqr-payload";

// Our own QR image, read back by an independent decoder (Debian's zbarimg).
test("the VietQR image decodes to the NAPAS payload with the amount, transfer code and a valid CRC", async ({ request }, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "one decode is enough; the image does not depend on the device");
  const name = `qr${Date.now().toString(36)}`;
  const account = { username: name, email: `${name}@example.com`, first_name: "Qr", last_name: "Test", password: "mat-khau-1", password_confirm: "mat-khau-1" };
  expect((await request.post("/api/auth/register/", { data: account })).status()).toBe(201);
  const { access } = await (await request.post("/api/auth/login/", { data: { login: name, password: "mat-khau-1" } })).json();
  const created = await (await request.post("/api/vietqr/create/", { data: { amount: 350000 }, headers: { Authorization: `Bearer ${access}` } })).json();

  const image = await request.get(created.data.qr_code_url);
  expect(image.headers()["content-type"]).toBe("image/png");
  const file = join(mkdtempSync(join(tmpdir(), "igh-qr-")), "qr.png");
  writeFileSync(file, await image.body());
  const decoded = execFileSync("zbarimg", ["--raw", "-q", file], { encoding: "utf8" }).trim();

  expect(decoded.startsWith("000201010212")).toBe(true);
  expect(decoded).toContain("0010A000000727");
  expect(decoded).toContain(`5406350000`);
  expect(decoded).toContain(created.data.description);
  expect(decoded).toContain(created.data.bank_info.account_number);
  expect(decoded.slice(-4)).toBe(crc16(decoded.slice(0, -4)));
});
