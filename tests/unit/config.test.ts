import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../../workers/config";

const valid = {
  APP_ENV: "production",
  SITE_NAME: "iOS Game Hack",
  TELEGRAM_URL: "https://t.me/shop",
  ZALO_URL: "https://zalo.me/123",
  PUBLIC_BASE_URL: "",
  JWT_SECRET: "x".repeat(32),
  ADMIN_EMAIL: "admin@shop.vn",
  ADMIN_PASSWORD: "correct horse",
};

describe("configuration", () => {
  it("accepts a complete configuration", () => {
    expect(parseConfig(valid)).toMatchObject({ APP_ENV: "production", ADMIN_EMAIL: "admin@shop.vn" });
  });

  it("names every bad setting in one message", () => {
    const attempt = () => parseConfig({ ...valid, JWT_SECRET: "short", ADMIN_EMAIL: "not-an-email", TELEGRAM_URL: "javascript:alert(1)", ADMIN_PASSWORD: undefined });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const key of ["JWT_SECRET", "ADMIN_EMAIL", "TELEGRAM_URL", "ADMIN_PASSWORD"]) expect(message).toContain(key);
      expect(message).toContain("Cấu hình không hợp lệ");
    }
  });
});
