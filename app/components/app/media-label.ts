/** A gallery image's accessible name, the same on the page and in the full-screen viewer. */
export function mediaLabel(appName: string, index: number): string {
  return `${appName}: ảnh ${index + 1}`;
}
