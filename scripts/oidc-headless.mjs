// Signs in at the project's OpenID Connect test server over plain HTTP, as a browser would
// (cookies, redirects, the login form), using only fetch: it runs in Node and inside workerd.

/**
 * Follows an authorization URL of the test server to its redirect back to the client, signing
 * in as `email`; returns the `code` and `state` of that redirect (throws on an error redirect).
 */
export async function signInHeadless(authorizationUrl, email) {
  const origin = new URL(authorizationUrl).origin;
  const jar = new Map(); // name -> { value, path }

  const cookieHeader = (url) =>
    [...jar.entries()]
      .filter(([, c]) => url.pathname === c.path || url.pathname.startsWith(c.path.endsWith("/") ? c.path : `${c.path}/`))
      .map(([name, c]) => `${name}=${c.value}`)
      .join("; ");

  const storeCookies = (response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";").map((part) => part.trim());
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      let path = "/";
      let expired = value === "";
      for (const attribute of attributes) {
        const [key, ...rest] = attribute.split("=");
        const attrValue = rest.join("=");
        if (key.toLowerCase() === "path") path = attrValue || "/";
        if (key.toLowerCase() === "expires" && Date.parse(attrValue) <= Date.now()) expired = true;
        if (key.toLowerCase() === "max-age" && Number(attrValue) <= 0) expired = true;
      }
      if (expired) jar.delete(name);
      else jar.set(name, { value, path });
    }
  };

  let url = new URL(authorizationUrl);
  let init = { method: "GET" };
  for (let step = 0; step < 20; step++) {
    const headers = { ...init.headers, accept: "text/html" };
    const cookie = cookieHeader(url);
    if (cookie) headers.cookie = cookie;
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    storeCookies(response);

    if (response.status >= 300 && response.status < 400) {
      await response.arrayBuffer();
      const next = new URL(response.headers.get("location"), url);
      if (next.origin !== origin) {
        const params = next.searchParams.size ? next.searchParams : new URLSearchParams(next.hash.slice(1));
        if (params.get("error")) {
          const err = new Error(`authorization failed: ${params.get("error")}: ${params.get("error_description") ?? ""}`);
          err.error = params.get("error");
          err.url = next.href;
          throw err;
        }
        if (!params.get("code")) throw new Error(`redirected without a code: ${next.href}`);
        return { code: params.get("code"), state: params.get("state"), url: next.href };
      }
      url = next;
      init = { method: "GET" };
      continue;
    }

    const body = await response.text();
    const form = /<form[^>]*id="login-form"[^>]*action="([^"]+)"/.exec(body);
    if (response.ok && form) {
      url = new URL(form[1].replaceAll("&#38;", "&"), url);
      init = {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ login: email }).toString(),
      };
      continue;
    }
    const text = body.replace(/<style[\s\S]*?<\/style>/g, "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();
    throw new Error(`unexpected response ${response.status} from ${url.href}: ${text.slice(0, 500)}`);
  }
  throw new Error("too many redirects during headless sign-in");
}
