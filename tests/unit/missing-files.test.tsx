// The admin's app page says which listed version lost its file in R2 (issue 42, M3).
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MissingFiles } from "../../app/catalogue/admin/MissingFiles";

const release = (version: string, file_missing: boolean) => ({ version, file_missing });

describe("the admin's app page and files gone from R2", () => {
  it("a listed version whose file is gone from R2 is named on the admin's app page", () => {
    const html = renderToString(<MissingFiles app={{ version: "3.1", file_missing: true, releases: [release("3.0", true), release("2.9", false)] }} />);
    expect(html).toContain('role="alert"');
    expect(html).toContain("Thiếu tệp trên R2: phiên bản 3.1 (hiện tại), 3.0");
    expect(html).not.toContain("2.9");
  });

  it("a store whose files are all there shows nothing", () => {
    expect(renderToString(<MissingFiles app={{ version: "3.1", file_missing: false, releases: [release("3.0", false)] }} />)).toBe("");
    expect(renderToString(<MissingFiles app={{ version: "3.1" }} />)).toBe("");
  });
});
