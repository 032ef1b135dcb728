// The API's reading of the admin's app form (workers/catalogue/schemas/app-form.ts): what counts as
// sent, what keeps the app's value, and the words of each refusal.
import { describe, expect, it } from "vitest";
import { appFormSchema } from "../../workers/catalogue/schemas/app-form";
import { saidOfIssue, textOf } from "../../workers/shared/message";

const parse = (input: Record<string, (string | File)[]>) => appFormSchema.safeParse(input);
// A declared message travels through zod as its token (workers/shared/message.ts): read back in Vietnamese.
const messages = (input: Record<string, (string | File)[]>) => parse(input).error?.issues.map((issue) => [issue.path.join("."), textOf(saidOfIssue(issue.message))]);

describe("the app form's schema", () => {
  it("tells a form that names no field of the app form from one that names one, even as nothing", () => {
    expect(parse({}).data?.namesAField).toBe(false);
    expect(parse({ nothing: ["x"] }).data?.namesAField).toBe(false);
    expect(parse({ name: [new File([], "x")] }).data?.namesAField).toBe(true);
    expect(parse({ screenshots: [] }).data?.namesAField).toBe(true);
  });

  it("reads the first value of a text field, trimmed; blanks clear or keep as the form always did", () => {
    const form = parse({ name: ["  Rồng ", "second"], url: [" Rồng Lửa!! "], developer: [""], category: [""], price: [""], app_version: [""], status: ["deleted"], currency: ["EUR"] }).data;
    expect(form?.changes).toMatchObject({ name: "Rồng", url: "rngla", developer: null, appVersion: null });
    expect(form?.changes).toMatchObject({ category: undefined, price: undefined, status: undefined, currency: undefined });
    expect(parse({ price: ["12000"], status: ["failed"], currency: ["USD"], app_type: ["tipa"] }).data?.changes).toMatchObject({ price: 12000, status: "failed", currency: "USD", appType: "tipa" });
  });

  it("takes a link by its name first, then by its camelCase alias", () => {
    expect(parse({ itmsUrl: ["itms-services://?a"], testflight_url: [""], testflightUrl: ["https://testflight.apple.com/x"] }).data?.changes).toMatchObject({ itmsUrl: "itms-services://?a", testflightUrl: null });
  });

  it("collects files and keys, each key once, and drops empty parts", () => {
    const icon = new File(["x"], "i.png");
    const form = parse({ icon: [icon, new File([], "empty.png")], file_key: ["a, b", "a"], ipa_file_for_itms_key: ["b"], media_keys: ["m"], screenshot_keys: ["s,m"], remove_screenshots: ["3,4", "x"] }).data;
    expect(form).toMatchObject({ icons: [icon], iconKeys: [], packages: [], packageKeys: ["a", "b"], mediaKeys: ["s", "m"], removeScreenshots: [3, 4] });
  });

  it("refuses with the form's own words", () => {
    expect(messages({ name: ["x".repeat(201)] })).toEqual([["name", "Tối đa 200 ký tự"]]);
    expect(messages({ description: ["x".repeat(20_001)] })).toEqual([["description", "Tối đa 20000 ký tự"]]);
    expect(messages({ developer: ["A\u0000B"] })).toEqual([["developer", "Tên chứa ký tự không hợp lệ"]]);
    expect(messages({ name: ["\u200b"] })).toEqual([["name", "Trường này là bắt buộc"]]);
    expect(messages({ app_type: ["bogus"] })).toEqual([["app_type", "Loại ứng dụng không hợp lệ"]]);
    for (const price of [" 1", "0x10", "1e3", "-1", "1.5", "1000000000000"]) expect(messages({ price: [price] })).toEqual([["price", "Giá phải là số nguyên không âm"]]);
    expect(messages({ itmsUrl: ["x".repeat(2001)] })).toEqual([["itms_url", "Tối đa 2000 ký tự"]]);
  });
});
