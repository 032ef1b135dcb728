// The forms bans compare (workers/licensing/bans.ts, issue 55 item 2): a device id whatever case or
// invisible characters it comes with, and an address range of either family as its first and last address.
import { describe, expect, it } from "vitest";
import { addressHex, cidrRange, normalDeviceId } from "../../workers/licensing/bans";

describe("a device id in normal form", () => {
  it("is one phone whatever its case, spaces or invisible characters", () => {
    const phone = "6F1C2B7A-3D4E-4F5A-8B9C-0D1E2F3A4B5C";
    for (const disguise of [phone.toLowerCase(), ` ${phone}\n`, `${phone}\u200b`, `\ufeff${phone}`, phone.replace("-", "\u00ad-"), phone.replace("3D4E", "３Ｄ４Ｅ"), `${phone.slice(0, 8)}\u2060\u200d${phone.slice(8)}`]) {
      expect(normalDeviceId(disguise), JSON.stringify(disguise)).toBe(phone);
    }
    expect(normalDeviceId("\u200b \u2060")).toBe("");
  });
});

describe("an address range", () => {
  it("takes IPv4 and IPv6 CIDRs and single addresses, IPv4 as ::ffff:a.b.c.d", () => {
    expect(cidrRange("198.51.100.7/24")).toEqual({ first: "00000000000000000000ffffc6336400", last: "00000000000000000000ffffc63364ff", shown: "198.51.100.7/24" });
    expect(cidrRange("10.0.0.1")).toMatchObject({ first: "00000000000000000000ffff0a000001", last: "00000000000000000000ffff0a000001", shown: "10.0.0.1/32" });
    expect(cidrRange("0.0.0.0/0")).toMatchObject({ first: "00000000000000000000ffff00000000", last: "00000000000000000000ffffffffffff" });
    expect(cidrRange("2001:DB8::/32")).toEqual({ first: "20010db8000000000000000000000000", last: "20010db8ffffffffffffffffffffffff", shown: "2001:db8::/32" });
    expect(addressHex("::ffff:198.51.100.9")).toBe(addressHex("198.51.100.9"));
    expect(addressHex("[2001:db8::1]")).toBe("20010db8000000000000000000000001");
  });

  it("refuses what is no range", () => {
    for (const text of ["10.0.0.0/33", "2001:db8::/129", "300.1.1.1", "1.2.3", "example.com", "10.0.0.0/8/8", "10.0.0.0/-1", "10.0.0.0/ 8", "", "::1::2"]) {
      expect(cidrRange(text), text).toBeNull();
    }
    expect(addressHex("not-an-ip")).toBeNull();
  });
});
