import { describe, expect, it } from "vitest";
import { errorMessageFromResponse, networkErrorMessage } from "../../app/platform/api-client";
import { extractErrorMessage, FALLBACK_ERROR, fieldErrorLines, SERVER_UNREACHABLE, validationSummary } from "../../workers/shared/error-messages";

describe("extractErrorMessage follows the product's order", () => {
  it("message first", () => {
    expect(extractErrorMessage({ message: "A", detail: "B", non_field_errors: ["C"] })).toBe("A");
  });
  it("then detail", () => {
    expect(extractErrorMessage({ detail: "B", non_field_errors: ["C"], errors: { email: ["x"] } })).toBe("B");
  });
  it("then the first non_field_errors", () => {
    expect(extractErrorMessage({ non_field_errors: ["C", "D"], errors: { email: ["x"] } })).toBe("C");
  });
  it("then field errors as 'Label: message' lines", () => {
    expect(extractErrorMessage({ errors: { username: ["Đã tồn tại"], email: ["Sai định dạng"], password: "Quá ngắn" } })).toBe(
      "Tên đăng nhập: Đã tồn tại\nEmail: Sai định dạng\nMật khẩu: Quá ngắn",
    );
  });
  it("unknown fields keep their name", () => {
    expect(fieldErrorLines({ coupon: ["Hết hạn"] })).toEqual(["coupon: Hết hạn"]);
  });
  it("then any string value", () => {
    expect(extractErrorMessage({ success: false, error: "Hết hàng" })).toBe("Hết hàng");
  });
  it("falls back when nothing readable is there", () => {
    expect(extractErrorMessage({ success: false })).toBe(FALLBACK_ERROR);
    expect(extractErrorMessage(null)).toBe(FALLBACK_ERROR);
    expect(extractErrorMessage({ message: "   " })).toBe(FALLBACK_ERROR);
  });
});

describe("responses and network failures", () => {
  it("reads a JSON error body", async () => {
    const response = new Response(JSON.stringify({ success: false, message: "Không tìm thấy ứng dụng" }), { status: 404 });
    expect(await errorMessageFromResponse(response)).toBe("Không tìm thấy ứng dụng");
  });
  it("names the status of a body that is not JSON", async () => {
    const response = new Response("<html>Bad gateway</html>", { status: 502, statusText: "Bad Gateway" });
    expect(await errorMessageFromResponse(response)).toBe("Lỗi server (502): Bad Gateway");
  });
  it("a fetch TypeError means the server could not be reached", () => {
    expect(networkErrorMessage(new TypeError("Failed to fetch"))).toBe(SERVER_UNREACHABLE);
    expect(networkErrorMessage(new Error("boom"))).toBe("Lỗi kết nối mạng. Vui lòng kiểm tra kết nối internet và thử lại.");
  });
});

describe("the validation list (docs/product.md §8, issue #17)", () => {
  it("lists each field's first message as 'Label: message' under the heading, in the server's order", () => {
    expect(validationSummary({ username: ["Tên đăng nhập đã được sử dụng", "x"], email: ["Email đã được sử dụng"] })).toEqual({
      heading: "Vui lòng sửa các lỗi sau:",
      lines: ["Tên đăng nhập: Tên đăng nhập đã được sử dụng", "Email: Email đã được sử dụng"],
    });
  });
  it("a form's own labels name its fields; others keep the shared label or their key", () => {
    expect(validationSummary({ code: ["Mã đã tồn tại"], amount: ["Quá lớn"], coupon: ["Hết hạn"] }, { code: "Mã khuyến mãi" })?.lines).toEqual([
      "Mã khuyến mãi: Mã đã tồn tại",
      "Số tiền: Quá lớn",
      "coupon: Hết hạn",
    ]);
  });
  it("falls back to 'Dữ liệu không hợp lệ. Vui lòng kiểm tra lại.' when no field error can be read", () => {
    expect(validationSummary({ email: [] })).toEqual({ heading: "Dữ liệu không hợp lệ. Vui lòng kiểm tra lại.", lines: [] });
  });
  it("is nothing without a field at fault: errors about the whole form are the form's alert", () => {
    expect(validationSummary(null)).toBeNull();
    expect(validationSummary({})).toBeNull();
    expect(validationSummary({ non_field_errors: ["Sai mật khẩu"] })).toBeNull();
    expect(validationSummary({ non_field_errors: ["Sai mật khẩu"], email: ["Sai"] })?.lines).toEqual(["Email: Sai"]);
  });
});
