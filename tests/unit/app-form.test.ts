// The app form's rules, shared by the admin screens and the API (docs/product.md §5).
import { describe, expect, it } from "vitest";
import { APP_FORM_MESSAGES, appFormProblem as problemOf, declaredFile as verdictOf, isVideoTooLong } from "../../workers/shared/app-form";
import { matchesSearch } from "../../workers/shared/search";
import { normaliseSlug, packageAccept, slugFromName } from "../../workers/shared/catalogue/app-form-fields";

// The rules return declared messages (workers/shared/message.ts); JSON prints a message in Vietnamese.
const inVietnamese = (value: unknown) => JSON.parse(JSON.stringify(value ?? null));
const appFormProblem = (...args: Parameters<typeof problemOf>) => inVietnamese(problemOf(...args));
const declaredFile = (...args: Parameters<typeof verdictOf>) => inVietnamese(verdictOf(...args));

const complete = { name: "Rồng", description: "Mô tả", version: "1.0", url: "rong", app_type: "ipa", itms_url: "", testflight_url: "", hasIcon: true, hasPackage: true };

describe("slugs", () => {
  it("keeps only a-z, 0-9, hyphen and underscore, in lower case", () => {
    expect(normaliseSlug("  Rồng-Lửa_2 VIP!! ")).toBe("rng-la_2vip");
    expect(slugFromName("Rồng Lửa Huyền Thoại  2")).toBe("rong-lua-huyen-thoai-2");
    expect(slugFromName("Đảo Hải Tặc")).toBe("dao-hai-tac");
  });
});

describe("appFormProblem", () => {
  it("asks for the required fields with the product's words, naming each", () => {
    expect(appFormProblem({ ...complete, name: " ", hasIcon: false }, "create")).toEqual({
      message: "Vui lòng điền đầy đủ thông tin bắt buộc!",
      errors: { name: ["Trường này là bắt buộc"], icon: ["Trường này là bắt buộc"] },
    });
    // Edit keeps the icon: none needed.
    expect(appFormProblem({ ...complete, hasIcon: false }, "edit")).toBeNull();
  });

  it("asks each type for what it needs", () => {
    expect(appFormProblem({ ...complete, app_type: "itms-ipa", hasPackage: false }, "create")?.message).toBe("Vui lòng upload IPA file hoặc nhập ITMS URL!");
    expect(appFormProblem({ ...complete, app_type: "itms-ipa", hasPackage: false, itms_url: "itms-services://?action=download-manifest&url=https://x/m.plist" }, "create")).toBeNull();
    expect(appFormProblem({ ...complete, app_type: "testflight", hasPackage: false }, "create")?.message).toBe("Vui lòng nhập TestFlight URL!");
    expect(appFormProblem({ ...complete, app_type: "testflight", testflight_url: "https://testflight.apple.com/join/AbC" }, "create")).toBeNull();
    expect(appFormProblem({ ...complete, app_type: "rootless", hasPackage: false }, "create")?.message).toBe("Vui lòng upload file ứng dụng!");
    expect(appFormProblem({ ...complete, url: "admin" }, "create")?.errors).toEqual({ url: ["Đường dẫn (url) này trùng với một trang của cửa hàng"] });
    expect(appFormProblem({ ...complete, itms_url: "javascript:alert(1)" }, "create")?.errors.itms_url).toEqual([APP_FORM_MESSAGES.badItmsUrl.in("vi")]);
  });

  it("refuses a slug that would hide behind a page of the store: the English store and unsubscribe", () => {
    for (const url of ["en", "unsubscribe"]) expect(appFormProblem({ ...complete, url }, "create")?.errors).toEqual({ url: [APP_FORM_MESSAGES.slugReserved.in("vi")] });
  });
});

describe("declaredFile", () => {
  it("applies docs/product.md §9's limits by kind and ending", () => {
    const MB = 1024 * 1024;
    expect(declaredFile("app_file", "a.ipa", 500 * MB)).toEqual({ ok: true, contentType: "application/octet-stream" });
    expect(declaredFile("app_file", "a.IPA", 500 * MB + 1)).toEqual({ ok: false, message: "Tệp IPA vượt quá giới hạn 500MB" });
    expect(declaredFile("app_file", "a.tipa", 500 * MB + 1)).toEqual({ ok: false, message: "Tệp TIPA vượt quá giới hạn 500MB" });
    expect(declaredFile("app_file", "a.deb", 100 * MB + 1)).toEqual({ ok: false, message: "Tệp DEB vượt quá giới hạn 100MB" });
    expect(declaredFile("app_file", "a.zip", 10)).toEqual({ ok: false, message: "Tệp ứng dụng phải là .ipa, .tipa hoặc .deb" });
    expect(declaredFile("icon", "i.png", 2 * MB + 1)).toEqual({ ok: false, message: "Icon vượt quá giới hạn 2MB" });
    expect(declaredFile("icon", "i.mp4", 10)).toEqual({ ok: false, message: "Icon phải là ảnh PNG, JPG, GIF hoặc WebP" });
    expect(declaredFile("media", "s.jpg", 5 * MB + 1)).toEqual({ ok: false, message: "Ảnh vượt quá giới hạn 5MB" });
    expect(declaredFile("media", "v.webm", 50 * MB)).toEqual({ ok: true, contentType: "video/webm" });
    expect(declaredFile("media", "v.mov", 50 * MB + 1)).toEqual({ ok: false, message: "Video vượt quá giới hạn 50MB" });
    expect(declaredFile("media", "empty.png", 0)).toEqual({ ok: false, message: "Tệp trống" });
  });

  it("offers the product's accept filters", () => {
    expect(packageAccept("ipa")).toBe(".ipa");
    expect(packageAccept("itms-ipa")).toBe(".ipa");
    expect(packageAccept("tipa")).toBe(".tipa");
    expect(packageAccept("roothide")).toBe(".deb");
    expect(packageAccept("something")).toBe(".ipa,.deb,.tipa");
  });
});

describe("isVideoTooLong (the form and the upload check alike)", () => {
  it("allows up to 30 s counted in whole seconds", () => {
    expect(isVideoTooLong(5)).toBe(false);
    expect(isVideoTooLong(30)).toBe(false);
    expect(isVideoTooLong(30.49)).toBe(false);
    expect(isVideoTooLong(30.5)).toBe(true);
    expect(isVideoTooLong(35)).toBe(true);
  });
});

describe("matchesSearch", () => {
  it("finds by name, developer or bundle id, ignoring case and Vietnamese marks", () => {
    const app = { name: "Đảo Hải Tặc", developer: "Blue Lagoon", bundle_identifier: "com.bluelagoon.daohaitac" };
    expect(matchesSearch(app, "dao hai")).toBe(true);
    expect(matchesSearch(app, "LAGOON")).toBe(true);
    expect(matchesSearch(app, "com.bluelagoon")).toBe(true);
    expect(matchesSearch(app, "rồng")).toBe(false);
    expect(matchesSearch(app, "  ")).toBe(true);
  });
});
