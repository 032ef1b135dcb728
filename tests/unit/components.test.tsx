import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AppIcon } from "../../app/components/AppIcon";
import { EmptyCatalogue } from "../../app/components/EmptyCatalogue";
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

  it("the download button speaks the spec's words", () => {
    expect(downloadButtonText("testflight")).toBe("Mở TestFlight");
    expect(downloadButtonText("itms-ipa")).toBe("Cài đặt qua Safari");
    expect(downloadButtonText("ipa")).toBe("Tải xuống IPA");
    expect(downloadButtonText("rootless")).toBe("Tải xuống ROOTLESS");
  });
});
