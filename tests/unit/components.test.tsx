import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AppIcon } from "../../app/components/AppIcon";
import { EmptyCatalogue } from "../../app/routes/_index/EmptyCatalogue";
import { ValidationSummary } from "../../app/components/Field";
import { TypeBadge } from "../../app/components/TypeBadge";
import { downloadButtonText } from "../../app/lib/app-types";

describe("catalogue pieces", () => {
  it("the empty catalogue offers a reload", () => {
    const html = renderToString(<EmptyCatalogue />);
    expect(html).toContain("Chưa có ứng dụng nào");
    expect(html).toContain("Tải lại trang");
  });

  it("an app without an icon shows its initial", () => {
    expect(renderToString(<AppIcon name="ốc sên" src={null} />)).toContain(">Ố<");
    expect(renderToString(<AppIcon name="Game" src="https://x.test/i.png" />)).toContain('src="https://x.test/i.png"');
  });

  it("each type has its badge and an unknown type a neutral one", () => {
    expect(renderToString(<TypeBadge type="rootfull" />)).toContain("Rootful");
    expect(renderToString(<TypeBadge type="rootfull" />)).toContain("bg-rose-500/15");
    const unknown = renderToString(<TypeBadge type="appx" />);
    expect(unknown).toContain("APPX");
    expect(unknown).toContain("bg-zinc-500/15");
  });

  it("the download button speaks the product's words", () => {
    expect(downloadButtonText("testflight")).toBe("Mở TestFlight");
    expect(downloadButtonText("itms-ipa")).toBe("Cài đặt qua Safari");
    expect(downloadButtonText("ipa")).toBe("Tải xuống IPA");
    expect(downloadButtonText("rootless")).toBe("Tải xuống ROOTLESS");
  });
});

describe("avatar initials (docs/product.md §2)", () => {
  it("first and last name, else first name, username, e-mail, else U", async () => {
    const { avatarInitials, Avatar } = await import("../../app/components/Avatar");
    expect(avatarInitials({ first_name: "nguyễn", last_name: "an" })).toBe("NA");
    expect(avatarInitials({ first_name: "Ðức", last_name: "" })).toBe("Ð");
    expect(avatarInitials({ first_name: "", last_name: "", username: "buyer1" })).toBe("B");
    expect(avatarInitials({ email: "zed@example.com" })).toBe("Z");
    expect(avatarInitials({})).toBe("U");
    // A picture is shown as an image; without one, the initials.
    expect(renderToString(<Avatar user={{ first_name: "Lê", last_name: "Vy", avatar_url: "https://x.test/a.png" }} size="xl" />)).toContain('src="https://x.test/a.png"');
    expect(renderToString(<Avatar user={{ first_name: "Lê", last_name: "Vy" }} size="sm" />)).toContain("LV");
  });
});

describe("the validation list (issue #17)", () => {
  it("renders the heading and a bulleted item per line, and nothing without errors", () => {
    const html = renderToString(<ValidationSummary errors={{ password: ["Quá ngắn"] }} />);
    expect(html).toContain('role="alert"');
    expect(html).toContain("Vui lòng sửa các lỗi sau:");
    expect(html).toMatch(/<ul[^>]*list-disc[^>]*><li>Mật khẩu: Quá ngắn<\/li><\/ul>/);
    expect(renderToString(<ValidationSummary errors={null} />)).toBe("");
  });
});
