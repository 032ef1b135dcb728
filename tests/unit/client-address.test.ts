import { describe, expect, it } from "vitest";
import { addressKey } from "../../workers/platform/http/validate";

describe("the address a rate limit counts", () => {
  it("counts an IPv6 address as its /64, however it is written", () => {
    const forms = ["2001:db8:1:2:3:4:5:6", "2001:0DB8:0001:0002:ffff:ffff:ffff:ffff", "2001:db8:1:2::", "2001:db8:1:2::7", "2001:db8:1:2:0:0:0:1%eth0", " 2001:db8:1:2::9 "];
    for (const form of forms) expect(addressKey(form), form).toBe("2001:db8:1:2::/64");
  });

  it("tells different /64s apart, with :: anywhere", () => {
    expect(addressKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("fe80::1:2:3:4")).toBe("fe80:0:0:0::/64");
    expect(addressKey("2001:db8:0:0:1::")).toBe("2001:db8:0:0::/64");
  });

  it("keeps IPv4 as it is, also when written IPv4-mapped", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::FFFF:cb00:7107")).toBe("203.0.113.7");
    expect(addressKey("0:0:0:0:0:ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("embeds a dotted tail of another IPv6 address in its groups", () => {
    expect(addressKey("64:ff9b::203.0.113.7")).toBe("64:ff9b:0:0::/64");
  });

  it("leaves what is not an address alone", () => {
    for (const text of ["1:2:3", "1::2::3", "2001:db8:1:2:3:4:5:6:7", "gggg::1", "::ffff:300.1.1.1"]) expect(addressKey(text)).toBe(text);
  });
});
