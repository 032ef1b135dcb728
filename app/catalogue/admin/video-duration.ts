// A chosen video's length, read by the browser from the file's metadata before any byte is
// uploaded (docs/product.md §9: video up to 30 s). The upload check on the server still decides.

const METADATA_WAIT_MS = 5_000;

/** Seconds, or null when the browser cannot tell (a format it cannot play, no length in the file, too slow). */
export function readVideoDuration(file: Blob): Promise<number | null> {
  return new Promise((resolve) => {
    const video = document.createElement("video");
    const url = URL.createObjectURL(file);
    const timer = setTimeout(() => settle(null), METADATA_WAIT_MS);
    function settle(seconds: number | null) {
      clearTimeout(timer);
      video.onloadedmetadata = null;
      video.onerror = null;
      video.removeAttribute("src");
      URL.revokeObjectURL(url);
      resolve(seconds);
    }
    video.preload = "metadata";
    video.muted = true;
    video.onloadedmetadata = () => settle(Number.isFinite(video.duration) ? video.duration : null);
    video.onerror = () => settle(null);
    video.src = url;
  });
}
