// A redirect for clientLoader/clientAction, built here rather than imported from @remix-run/react:
// importing the router's own helpers into route chunks splits the router into a chunk of its own,
// which costs every public page about 1 KB gzipped.
export function redirectTo(location: string, { replace = false } = {}): Response {
  const headers = new Headers({ Location: location });
  // What @remix-run/react's replace() sets: the navigation replaces the history entry.
  if (replace) headers.set("X-Remix-Replace", "true");
  return new Response(null, { status: 302, headers });
}
