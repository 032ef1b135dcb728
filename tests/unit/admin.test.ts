import { describe, expect, it } from "vitest";
import { adminVerdict } from "../../app/owner/admin";
import { countKeyLines, defaultKeyType, FALLBACK_KEY_TYPES, typesWithoutPricing } from "../../app/owner/admin-keys";
import { keyStatusLabel, toggleAll } from "../../app/owner/admin-key-list";
import { digitsOnly, groupDigits, parsePrice } from "../../app/owner/admin-prices";
import {
  isGoogleAccount,
  parseSignedAmount,
  roleBadge,
  signedDigitsOnly,
} from "../../app/accounts/admin/user-helpers";
import { promotionDurationDays, promotionEndDate } from "../../workers/shared/money/promotion-form";

describe("price input", () => {
  it("keeps only digits and groups thousands the Vietnamese way", () => {
    expect(digitsOnly("30.000 ₫")).toBe("30000");
    expect(groupDigits("30000")).toBe("30.000");
    expect(groupDigits("1234567")).toBe("1.234.567");
    expect(groupDigits("abc")).toBe("");
    expect(groupDigits("000500")).toBe("500");
    expect(parsePrice("30.000")).toBe(30000);
    expect(parsePrice("")).toBeNull();
  });
});

describe("key import count", () => {
  it("counts non-blank lines, duplicates included", () => {
    expect(countKeyLines("")).toBe(0);
    expect(countKeyLines("A\n\n  \nB\r\nA\n")).toBe(3);
  });
});

describe("role badge", () => {
  it("names superusers, staff and everyone else", () => {
    expect(roleBadge({ is_superuser: true, is_staff: true }).label).toBe("Super Admin");
    expect(roleBadge({ is_superuser: false, is_staff: true }).label).toBe("Admin");
    expect(roleBadge({ is_superuser: false, is_staff: false }).label).toBe("Người dùng");
  });

  it("marks a Google account by has_usable_password false", () => {
    expect(isGoogleAccount({ has_usable_password: false })).toBe(true);
    expect(isGoogleAccount({ has_usable_password: true })).toBe(false);
  });
});

describe("key types without pricing", () => {
  const pricing = [
    { key_type: { name: "7days" }, key_type_name: "7days" },
    { key_type: "lifetime", key_type_name: "lifetime" },
  ];

  it("lists only the types that have no pricing, defaulting to 1day", () => {
    const free = typesWithoutPricing(FALLBACK_KEY_TYPES, pricing);
    expect(free.map((type) => type.name)).toEqual(["1day", "30days"]);
    expect(defaultKeyType(free)).toBe("1day");
    expect(defaultKeyType(free.slice(1))).toBe("30days");
  });

  it("is empty when every type is priced", () => {
    const all = FALLBACK_KEY_TYPES.map((type) => ({ key_type: { name: type.name } }));
    expect(typesWithoutPricing(FALLBACK_KEY_TYPES, all)).toEqual([]);
    expect(defaultKeyType([])).toBe("");
  });
});

describe("admin guard verdict", () => {
  const user = (extra: Record<string, unknown>) => JSON.stringify({ id: 1, username: "a", ...extra });
  it("sorts sessions into login, invalid, denied and admin", () => {
    expect(adminVerdict(null, user({ is_superuser: true }))).toBe("login");
    expect(adminVerdict("t", "{not json")).toBe("invalid");
    expect(adminVerdict("t", null)).toBe("invalid");
    expect(adminVerdict("t", JSON.stringify({ id: 1 }))).toBe("invalid");
    expect(adminVerdict("t", user({ is_superuser: false, is_staff: false }))).toBe("denied");
    expect(adminVerdict("t", user({ is_staff: true }))).toBe("admin");
    expect(adminVerdict("t", user({ is_superuser: true }))).toBe("admin");
  });
});

describe("small helpers", () => {
  it("parses signed adjustment amounts", () => {
    expect(signedDigitsOnly("-50.000đ")).toBe("-50000");
    expect(parseSignedAmount("-50000")).toBe(-50000);
    expect(parseSignedAmount("0")).toBeNull();
    expect(parseSignedAmount("-")).toBeNull();
  });

  it("labels key statuses", () => {
    expect(keyStatusLabel("sold")).toBe("Đã bán");
    expect(keyStatusLabel("revoked")).toBe("Thu hồi");
  });

  it("ticks and unticks a whole page", () => {
    const on = toggleAll(new Set([9]), [1, 2], true);
    expect([...on].sort()).toEqual([1, 2, 9]);
    expect([...toggleAll(on, [1, 2], false)]).toEqual([9]);
  });

  it("computes promotion dates", () => {
    const start = new Date("2026-01-01T00:00:00Z");
    expect(promotionEndDate(start, 7).toISOString()).toBe("2026-01-08T00:00:00.000Z");
    expect(promotionDurationDays("2026-01-01T00:00:00Z", "2026-01-31T00:00:00Z")).toBe(30);
    expect(promotionDurationDays(null, null)).toBe(7);
  });
});

describe("isAdmin (server)", () => {
  it("needs superuser or staff, and an allowed address when an allow-list is set", async () => {
    const { isAdmin } = await import("../../workers/accounts/require-admin");
    const open = { ADMIN_EMAIL: "owner@shop.vn", ADMIN_EMAIL_ALLOWLIST: [] as string[] };
    const listed = { ADMIN_EMAIL: "owner@shop.vn", ADMIN_EMAIL_ALLOWLIST: ["a@shop.vn", "b@shop.vn"] };
    expect(isAdmin({ isSuperuser: false, isStaff: false, email: "a@shop.vn" }, open)).toBe(false);
    expect(isAdmin({ isSuperuser: false, isStaff: true, email: "x@shop.vn" }, open)).toBe(true);
    expect(isAdmin({ isSuperuser: true, isStaff: false, email: "x@shop.vn" }, listed)).toBe(false);
    expect(isAdmin({ isSuperuser: true, isStaff: false, email: "A@Shop.VN" }, listed)).toBe(true);
    expect(isAdmin({ isSuperuser: true, isStaff: false, email: "owner@shop.vn" }, listed)).toBe(true);
    expect(isAdmin({ isSuperuser: false, isStaff: false, email: "b@shop.vn" }, listed)).toBe(false);
  });
});
