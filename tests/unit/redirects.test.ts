// Where a visitor goes after logging in (app/accounts/session/redirects.ts): every target, however written,
// stays on the store. The check is made on what the URL parser makes of the value.
import { describe, expect, it } from "vitest";
import { loginPathFor } from "../../app/accounts/session/login-path";
import { landingFor, landingFrom, redirectFromQuery, safeRedirectPath } from "../../app/accounts/session/redirects";

/** Where the login page goes after a buyer's sign-in. */
const postLoginPath = (params: URLSearchParams) => landingFrom(params).next;

const STORE = "https://store.example";

// What an attacker puts in ?redirect= (already decoded once by URLSearchParams).
const HOSTILE = [
  "//evil.example",
  "//evil.example/profile",
  "///evil.example",
  "/.//evil.example",
  "/./\\evil.example",
  "/..//evil.example",
  "/x/..//evil.example",
  "/%2e//evil.example",
  "/%2E%2E//evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "\\/evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "\t//evil.example",
  " //evil.example",
  "\u0000//evil.example",
  "https://evil.example",
  "https://evil.example/profile",
  "http:evil.example",
  "HTTPS://evil.example",
  "https:\\\\evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "java\tscript:alert(1)",
  " javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "%2F%2Fevil.example",
  "%2f%2fevil.example",
  "/%5Cevil.example",
  "%5C%5Cevil.example",
  "/%2F%2Fevil.example",
  "https://store.example@evil.example",
  "//store.example@evil.example",
  "/.//store.example@evil.example/",
];

/** Resolved at the store's own origin, the answer must land on the store, on that same path. */
function staysOnStore(path: string | null) {
  if (path === null) return true;
  const url = new URL(path, STORE);
  return url.origin === STORE && path.startsWith("/") && !path.startsWith("//") && url.pathname + url.search + url.hash === path;
}

describe("attack: a login link whose redirect leads off the store", () => {
  it.each(HOSTILE)("redirect=%j leaves the store", (value) => {
    const path = safeRedirectPath(value);
    expect(staysOnStore(path)).toBe(true);
    // And never a path a browser reads as another host.
    expect(path === null || /^\/(?![/\\])/.test(path)).toBe(true);
  });

  it.each(HOSTILE)("?redirect=%j, URL-encoded in the query, leaves the store", (value) => {
    const query = new URLSearchParams({ redirect: value });
    expect(staysOnStore(redirectFromQuery(query))).toBe(true);
    // Encoded twice: decoded once by the query parser, never again.
    const twice = new URLSearchParams(`redirect=${encodeURIComponent(encodeURIComponent(value))}`);
    expect(staysOnStore(redirectFromQuery(twice))).toBe(true);
    // What the login page finally follows.
    expect(staysOnStore(postLoginPath(query))).toBe(true);
  });

  it("refuses the forms that normalise to another host", () => {
    for (const value of ["//x", "/.//x", "/\\x", "https://x", "\\\\x", "/\t/x", "/\n/x", "javascript:alert(1)", "/%2e//x", "/..//x"]) {
      expect(safeRedirectPath(value), JSON.stringify(value)).toBeNull();
    }
  });

  it("keeps encoded slashes as what they are: a path on the store", () => {
    expect(safeRedirectPath("/%5Cx")).toBe("/%5Cx");
    expect(safeRedirectPath("/%2F%2Fx")).toBe("/%2F%2Fx");
  });
});

describe("redirects that stay on the store", () => {
  it("keeps a path with its query and fragment, normalised", () => {
    expect(safeRedirectPath("/profile?tab=wallet#keys")).toBe("/profile?tab=wallet#keys");
    expect(safeRedirectPath("/app/./x/../y")).toBe("/app/y");
    expect(safeRedirectPath("/tìm kiếm")).toBe("/t%C3%ACm%20ki%E1%BA%BFm");
    expect(safeRedirectPath("")).toBeNull();
    expect(safeRedirectPath(null)).toBeNull();
    expect(safeRedirectPath(undefined)).toBeNull();
  });

  it("gives the same answer when asked again (what it returns is already safe)", () => {
    const kept = [...HOSTILE, "/profile?tab=x", "/a//b", "/%5Cx"].map((value) => safeRedirectPath(value)).filter((path) => path !== null);
    // What comes back at all: the three plain paths, and the hostile values that are only a path on the store.
    expect(kept).toEqual([
      "/evil.example",
      "/%2F%2Fevil.example",
      "/%2f%2fevil.example",
      "/%5Cevil.example",
      "/%5C%5Cevil.example",
      "/%2F%2Fevil.example",
      "/profile?tab=x",
      "/a//b",
      "/%5Cx",
    ]);
    for (const path of kept) expect(safeRedirectPath(path)).toBe(path);
  });

  it("the query value leads back, except to the account pages themselves", () => {
    expect(redirectFromQuery(new URLSearchParams("redirect=%2Fprofile%3Ftab%3Dwallet"))).toBe("/profile?tab=wallet");
    expect(redirectFromQuery(new URLSearchParams("redirect=%2Flogin"))).toBeNull();
    expect(redirectFromQuery(new URLSearchParams("redirect=%2Fauth%2Fgoogle%2Fcallback"))).toBeNull();
    expect(postLoginPath(new URLSearchParams("redirect=%2F.%2F%2Fevil.example"))).toBe("/profile");
    expect(loginPathFor("/profile?tab=x")).toBe("/login?redirect=%2Fprofile%3Ftab%3Dx");
  });

  it("sends an admin who asked for no page to the overview, and keeps a buyer's way (issue #27)", () => {
    const admin = { is_staff: true };
    const buyer = { is_staff: false, is_superuser: false };
    expect(landingFor(admin, landingFrom(new URLSearchParams()))).toBe("/admin/overview");
    expect(landingFor({ is_superuser: true }, landingFrom(new URLSearchParams()))).toBe("/admin/overview");
    expect(landingFor(admin, landingFrom(new URLSearchParams("redirect=%2Fadmin%2Fusers")))).toBe("/admin/users");
    expect(landingFor(buyer, landingFrom(new URLSearchParams()))).toBe("/profile");
    expect(landingFor(buyer, landingFrom(new URLSearchParams("redirect=%2Fwallet")))).toBe("/wallet");
  });
});
