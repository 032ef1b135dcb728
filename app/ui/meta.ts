import type { MetaDescriptor } from "@remix-run/cloudflare";

type Match = { id: string; data?: unknown };

/** The store's name from the root loader. */
function siteNameOf(matches: Match[]): string {
  const data = matches.find((match) => match.id === "root")?.data as { site?: { name?: string } } | undefined;
  return data?.site?.name || "iOS Game Hack";
}

/** "<page> | <store>"; account pages are kept out of search engines. */
export function pageMeta(matches: Match[], title: string, options: { index?: boolean } = {}): MetaDescriptor[] {
  return [{ title: `${title} | ${siteNameOf(matches)}` }, ...(options.index ? [] : [{ name: "robots", content: "noindex" }])];
}
