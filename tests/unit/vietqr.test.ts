import { describe, expect, it } from "vitest";
import { buildVietQrPayload, crc16, transferContent } from "../../workers/money/vietqr-payload";
import { qrPng } from "../../workers/lib/qr-png";

const VECTOR = "00020101021238570010A00000072701270006970415011300110019324180208QRIBFTTA530370454061200005802VN62170813ung ho lu lut6304C15C";

describe("VietQR payload", () => {
  it("matches the public test vector, CRC included", () => {
    expect(crc16(VECTOR.slice(0, -4))).toBe("C15C");
    expect(buildVietQrPayload({ bankBin: "970415", accountNumber: "0011001932418", amount: 120000, content: "ung ho lu lut" })).toBe(VECTOR);
  });

  it("is static (11) without an amount", () => {
    const payload = buildVietQrPayload({ bankBin: "970436", accountNumber: "1234567890" });
    expect(payload.startsWith("000201010211")).toBe(true);
    expect(payload).not.toContain("5406");
    expect(payload.slice(-4)).toBe(crc16(payload.slice(0, -4)));
  });

  it("strips diacritics and symbols from the transfer content", () => {
    expect(transferContent("Nạp tiền: Đơn #IGH-12!")).toBe("Nap tien Don IGH 12");
  });

  it("refuses a malformed bank BIN or account", () => {
    expect(() => buildVietQrPayload({ bankBin: "97041", accountNumber: "1" })).toThrow(/^bank BIN must be 6 digits$/);
    expect(() => buildVietQrPayload({ bankBin: "970415", accountNumber: "12345678901234567890" })).toThrow(/^account number must be 1-19 characters$/);
  });
});

describe("QR image", () => {
  it("is a PNG whose size follows the QR version", async () => {
    const png = await qrPng(VECTOR, 4);
    expect([...png.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    const view = new DataView(png.buffer, png.byteOffset);
    const width = view.getUint32(16);
    expect(width % 4).toBe(0);
    expect(width / 4).toBeGreaterThanOrEqual(21 + 8);
    expect(view.getUint32(20)).toBe(width);
  });
});
