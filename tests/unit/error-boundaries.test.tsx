import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { ErrorPanel, errorIdOf } from "../../app/ui/ErrorPanel";

// The panel takes its words from the page's address (app/i18n/locale.ts); rendered here outside a
// router, it is on a Vietnamese page.
vi.mock("@remix-run/react", async (original) => ({
  ...(await original<typeof import("@remix-run/react")>()),
  useLocation: () => ({ pathname: "/", search: "", hash: "", state: null, key: "default" }),
}));

// The root, admin and profile segments render ErrorPanel from their ErrorBoundary with what
// useRouteError gives them: the error a loader threw (an ApiError whose message carries the
// server's id, a plain Error) or a thrown Response.
const thrownByLoader = [
  new Error("Có lỗi xảy ra ở máy chủ. Vui lòng thử lại sau. Mã lỗi: 8f1c2d3e4a5b6c7d-SIN"),
  { status: 500, statusText: "", internal: false, data: { error_id: "8f1c2d3e4a5b6c7d-SIN" } },
];

describe("error boundaries", () => {
  it("find the id the server gave the failure, and none where there is none", () => {
    for (const error of thrownByLoader) expect(errorIdOf(error)).toBe("8f1c2d3e4a5b6c7d-SIN");
    expect(errorIdOf(new TypeError("x is undefined"))).toBeNull();
    expect(errorIdOf(null)).toBeNull();
  });

  it("say what happened in Vietnamese, show the id, and offer a reload and the way home", () => {
    const html = renderToString(<ErrorPanel error={thrownByLoader[0]} />);
    expect(html).toContain("Có lỗi xảy ra");
    expect(html).toContain("Có lỗi không xác định xảy ra. Vui lòng thử lại.");
    expect(html).toContain("8f1c2d3e4a5b6c7d-SIN");
    expect(html).toContain("Tải lại trang");
    expect(html).toContain('href="/"');
    expect(html).toContain("Về trang chủ");
  });

  it("show no id line for an error that carries none", () => {
    expect(renderToString(<ErrorPanel error={new Error("boom")} />)).not.toContain("Mã lỗi");
  });

  it("are declared by the root, the admin layout and the profile layout", async () => {
    const segments = await Promise.all([import("../../app/root"), import("../../app/routes/admin"), import("../../app/routes/profile/route")]);
    for (const segment of segments) expect(typeof segment.ErrorBoundary).toBe("function");
  });
});
