// What an uploaded image or video is, by its bytes, and how long a video runs.
import { describe, expect, it } from "vitest";
import { bytesReader, PackageError, sniffMedia, videoDuration, type VideoFormat } from "../../workers/lib/packages";
import { gif, mp4, png, webm } from "../fixtures/media";

function avi(microsPerFrame: number, frames: number): Uint8Array {
  const bytes = new Uint8Array(256);
  const text = new TextEncoder();
  bytes.set(text.encode("RIFF"), 0);
  bytes.set(text.encode("AVI LIST"), 8);
  bytes.set(text.encode("hdrlavih"), 20);
  const view = new DataView(bytes.buffer);
  view.setUint32(28, 56, true);
  view.setUint32(32, microsPerFrame, true);
  view.setUint32(48, frames, true);
  return bytes;
}

async function seconds(bytes: Uint8Array): Promise<number> {
  const format = sniffMedia(bytes);
  expect(format?.kind).toBe("video");
  return videoDuration(bytesReader(bytes), format as VideoFormat);
}

describe("sniffMedia", () => {
  it("names formats by signature, not by name", () => {
    expect(sniffMedia(png())?.type).toBe("png");
    expect(sniffMedia(gif())?.type).toBe("gif");
    expect(sniffMedia(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))?.type).toBe("jpeg");
    expect(sniffMedia(new TextEncoder().encode("RIFF\0\0\0\0WEBPVP8 "))?.type).toBe("webp");
    expect(sniffMedia(mp4(3))?.type).toBe("mp4");
    expect(sniffMedia(mp4(3, "qt  "))?.type).toBe("mov");
    expect(sniffMedia(webm(3))?.type).toBe("webm");
    expect(sniffMedia(avi(40000, 10))?.type).toBe("avi");
    expect(sniffMedia(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(sniffMedia(new TextEncoder().encode("<!doctype html><p>hi"))).toBeNull();
  });
});

describe("videoDuration", () => {
  it("reads MP4/MOV (moov after mdat), WebM with an unknown segment size, and AVI", async () => {
    expect(await seconds(mp4(29.5))).toBeCloseTo(29.5, 2);
    expect(await seconds(mp4(12, "qt  "))).toBeCloseTo(12, 2);
    expect(await seconds(webm(7.25))).toBeCloseTo(7.25, 3);
    expect(await seconds(avi(40000, 750))).toBe(30); // 25 fps × 30 s
  });

  it("refuses a video whose length cannot be read", async () => {
    const noMoov = mp4(5).slice(0, 40);
    await expect(videoDuration(bytesReader(noMoov), { kind: "video", type: "mp4", contentType: "video/mp4" })).rejects.toThrow(PackageError);
    const noInfo = webm(5).slice(0, 30);
    await expect(videoDuration(bytesReader(noInfo), { kind: "video", type: "webm", contentType: "video/webm" })).rejects.toThrow("Không xác định được thời lượng video");
  });
});
