import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apps } from "../../workers/db/schema";
import { bytes, createApp, db, request } from "../factories";

async function downloads(id: number) {
  const [row] = await db.select({ count: apps.downloadCount }).from(apps).where(eq(apps.id, id));
  return row.count;
}

describe("GET /api/apps/{id}/download/", () => {
  it("streams the whole file with its name, type, length and ETag, and counts it", async () => {
    const file = bytes(5000);
    const app = await createApp({ file, url: "cờ-tướng-test", version: "2.1" });
    const response = await request(`/api/apps/${app.id}/download/`);
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(file);
    expect(response.headers.get("content-length")).toBe("5000");
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(response.headers.get("etag")).toMatch(/^".+"$/);
    expect(response.headers.get("content-disposition")).toContain("attachment;");
    expect(response.headers.get("content-disposition")).toContain("filename*=UTF-8''c%E1%BB%9D-t%C6%B0%E1%BB%9Bng-test-2.1.ipa");
    expect(await downloads(app.id)).toBe(1);
  });

  it("uses the stored file name and the DEB type for tweaks", async () => {
    const app = await createApp({ file: bytes(10), appType: "rootless", fileName: "com.demo.tweak_1.0_iphoneos-arm64.deb" });
    const response = await request(`/api/apps/${app.id}/download/`);
    expect(response.headers.get("content-type")).toBe("application/vnd.debian.binary-package");
    expect(response.headers.get("content-disposition")).toContain('filename="com.demo.tweak_1.0_iphoneos-arm64.deb"');
  });

  it("answers ranges with 206, and counts only a range that starts the file", async () => {
    const file = bytes(1000);
    const app = await createApp({ file });

    const first = await request(`/api/apps/${app.id}/download/`, { headers: { Range: "bytes=0-99" } });
    expect(first.status).toBe(206);
    expect(first.headers.get("content-range")).toBe("bytes 0-99/1000");
    expect(new Uint8Array(await first.arrayBuffer())).toEqual(file.slice(0, 100));
    expect(await downloads(app.id)).toBe(1);

    const resumed = await request(`/api/apps/${app.id}/download/`, { headers: { Range: "bytes=100-" } });
    expect(resumed.status).toBe(206);
    expect(resumed.headers.get("content-length")).toBe("900");
    expect(new Uint8Array(await resumed.arrayBuffer())).toEqual(file.slice(100));
    expect(await downloads(app.id)).toBe(1);
  });

  it("refuses a range past the end with 416 and counts nothing", async () => {
    const app = await createApp({ file: bytes(100) });
    const response = await request(`/api/apps/${app.id}/download/`, { headers: { Range: "bytes=500-" } });
    expect(response.status).toBe(416);
    expect(response.headers.get("content-range")).toBe("bytes */100");
    expect(await downloads(app.id)).toBe(0);
  });

  it("answers 304 to a matching If-None-Match and ignores a stale If-Range", async () => {
    const file = bytes(300);
    const app = await createApp({ file });
    const etag = (await request(`/api/apps/${app.id}/download/`, { method: "HEAD" })).headers.get("etag")!;
    expect(await downloads(app.id)).toBe(0); // HEAD is not a download

    const cached = await request(`/api/apps/${app.id}/download/`, { headers: { "If-None-Match": etag } });
    expect(cached.status).toBe(304);

    const stale = await request(`/api/apps/${app.id}/download/`, { headers: { Range: "bytes=10-19", "If-Range": '"old-version"' } });
    expect(stale.status).toBe(200);
    expect((await stale.arrayBuffer()).byteLength).toBe(300);

    const fresh = await request(`/api/apps/${app.id}/download/`, { headers: { Range: "bytes=10-19", "If-Range": etag } });
    expect(fresh.status).toBe(206);
    await fresh.arrayBuffer();
  });

  it("answers 404 for apps without a file, failed apps and unknown ids", async () => {
    const noFile = await createApp({ appType: "testflight" });
    const failed = await createApp({ file: bytes(10), status: "failed" });
    for (const [id, message, code] of [
      [noFile.id, "Ứng dụng này chưa có tệp để tải xuống", "file_not_found"],
      [failed.id, "Ứng dụng này chưa có tệp để tải xuống", "file_not_found"],
      ["abc", "Không tìm thấy ứng dụng", "app_not_found"],
    ] as const) {
      const response = await request(`/api/apps/${id}/download/`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ success: false, code, message });
    }
  });

  it("counts every concurrent download exactly once", async () => {
    const app = await createApp({ file: bytes(50) });
    const responses = await Promise.all(Array.from({ length: 20 }, () => request(`/api/apps/${app.id}/download/`)));
    await Promise.all(responses.map((response) => response.arrayBuffer()));
    expect(await downloads(app.id)).toBe(20);
  });
});
