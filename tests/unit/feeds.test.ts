import { describe, expect, it } from "vitest";
import { parseConfig } from "../../workers/platform/config";
import { poolPath, readPackageInfo, sourceIdentifier } from "../../workers/catalogue/feeds";
import { MINIMAL_SETTINGS } from "../fixtures/settings";

const base = MINIMAL_SETTINGS;

describe("the AltStore source identifier", () => {
  it("is the configured one, else the public host reversed, never the visitor's host when one is configured", () => {
    expect(sourceIdentifier(parseConfig({ ...base, ALTSTORE_SOURCE_ID: "vn.shop.apps" }), "https://x.test")).toBe("vn.shop.apps");
    expect(sourceIdentifier(parseConfig({ ...base, PUBLIC_BASE_URL: "https://Store.IOSGameHack.vn" }), "https://other.workers.dev")).toBe("vn.iosgamehack.store");
    expect(sourceIdentifier(parseConfig(base), "https://store.test:8443")).toBe("test.store");
  });

  it("names local addresses as local hosts", () => {
    expect(sourceIdentifier(parseConfig(base), "http://127.0.0.1:8787")).toBe("local.127-0-0-1");
    expect(sourceIdentifier(parseConfig(base), "http://localhost:8787")).toBe("local.localhost");
  });

  it("refuses a configured identifier that is not reverse-DNS", () => {
    expect(() => parseConfig({ ...base, ALTSTORE_SOURCE_ID: "my source" })).toThrow(/ALTSTORE_SOURCE_ID/);
  });
});

describe("feed helpers", () => {
  it("pool paths are URL-safe and tied to the content's digest", () => {
    expect(poolPath(7, "ab".repeat(32), "com.x.tweak_1:2.0_iphoneos-arm64.deb")).toBe("pool/7/abababababababab/com.x.tweak_1_2.0_iphoneos-arm64.deb");
    expect(poolPath(7, "cd".repeat(32), "../Tên gói")).toBe("pool/7/cdcdcdcdcdcdcdcd/_T_n_g_i.deb");
  });

  it("package_info keeps the parts that have the contract's shape", () => {
    expect(readPackageInfo({ deb_control: { Package: "a" }, privacy: "oops", entitlements: ["x", 1] })).toEqual({ deb_control: { Package: "a" } });
    expect(readPackageInfo(null)).toEqual({});
    expect(readPackageInfo("not json")).toEqual({});
  });
});
