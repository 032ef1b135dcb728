import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { AppIcon } from "../../app/catalogue/AppIcon";
import { EmptyCatalogue } from "../../app/catalogue/home/EmptyCatalogue";
import { ValidationSummary } from "../../app/ui/forms/ValidationSummary";
import { TypeBadge } from "../../app/catalogue/TypeBadge";
import { downloadButtonText } from "../../app/catalogue/app-types";

// The pieces take their words from the page's address (app/i18n/locale.ts); rendered here outside a
// router, they are on a Vietnamese page.
vi.mock("@remix-run/react", async (original) => ({
  ...(await original<typeof import("@remix-run/react")>()),
  useLocation: () => ({ pathname: "/", search: "", hash: "", state: null, key: "default" }),
}));

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
    const badge = (type: string) => renderToString(<TypeBadge type={type} />);
    // A badge with its type and its words set aside: how it looks, whatever the colours are called.
    const look = (type: string, label: string) => badge(type).replace(`data-type="${type}"`, "").replace(`>${label}<`, "><");
    expect(badge("rootfull")).toMatch(/^<span data-type="rootfull"[^>]*>Rootful<\/span>$/);
    const unknown = badge("appx");
    expect(unknown).toMatch(/^<span data-type="appx"[^>]*>APPX<\/span>$/);
    // Rootful looks like no other type; every unknown type looks the same, and like none of the known seven.
    const known = { ipa: "IPA", "itms-ipa": "ITMS-IPA", testflight: "TestFlight", tipa: "TIPA", roothide: "Roothide", rootless: "Rootless", rootfull: "Rootful" };
    const looks = Object.entries(known).map(([type, label]) => look(type, label));
    expect(new Set(looks).size).toBe(7);
    expect(look("zzz", "ZZZ")).toBe(look("appx", "APPX"));
    expect(looks).not.toContain(look("appx", "APPX"));
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
    const { avatarInitials, Avatar } = await import("../../app/shell/Avatar");
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
    // Inside the alert, under its heading: a list (read out as one) with one item per line.
    expect(html).toMatch(/^<div role="alert"[^>]*><p[^>]*>Vui lòng sửa các lỗi sau:<\/p><ul[^>]*><li[^>]*>Mật khẩu: Quá ngắn<\/li><\/ul><\/div>$/);
    expect(renderToString(<ValidationSummary errors={null} />)).toBe("");
  });
});
