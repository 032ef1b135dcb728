// How the key screens word a failed action (issue #17 item 4, docs/product.md §8 "Keys admin").
import { describe, expect, it } from "vitest";
import { ApiError } from "~/platform/api";
import { keyFailureText } from "~/licensing/admin/key-data";

describe("key screens' failure texts", () => {
  it("lead with the action's failure text and give the server's reason after it", () => {
    expect(keyFailureText(new ApiError(404, "Key không tồn tại"), "Xóa key thất bại")).toBe("Xóa key thất bại: Key không tồn tại");
    expect(keyFailureText(new ApiError(400, 'Bảng giá cho loại key "1day" đã tồn tại!'), "Thêm bảng giá thất bại")).toBe('Thêm bảng giá thất bại: Bảng giá cho loại key "1day" đã tồn tại!');
    expect(keyFailureText(new ApiError(409, "Chỉ key có sẵn mới có thể thu hồi"), "Cập nhật thất bại")).toBe("Cập nhật thất bại: Chỉ key có sẵn mới có thể thu hồi");
    expect(keyFailureText(new ApiError(400, "Tối đa 20000 key mỗi lần nhập"), "Thêm key thất bại")).toBe("Thêm key thất bại: Tối đa 20000 key mỗi lần nhập");
    expect(keyFailureText(new ApiError(400, ""), "Dọn dẹp thất bại")).toBe("Dọn dẹp thất bại");
  });

  it("say 'Có lỗi xảy ra: {msg}' for the unexpected: no answer, a server error, a bug", () => {
    expect(keyFailureText(new ApiError(0, "Không thể kết nối đến máy chủ"), "Dọn dẹp thất bại")).toBe("Có lỗi xảy ra: Không thể kết nối đến máy chủ");
    expect(keyFailureText(new ApiError(500, "Lỗi server (500): Internal Server Error"), "Xóa key thất bại")).toBe("Có lỗi xảy ra: Lỗi server (500): Internal Server Error");
    expect(keyFailureText(new TypeError("x is undefined"), "Cập nhật thất bại")).toBe("Có lỗi xảy ra: x is undefined");
    expect(keyFailureText("?", "Cập nhật thất bại")).toBe("Có lỗi xảy ra: Cập nhật thất bại");
  });
});
