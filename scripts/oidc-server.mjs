// A real, local OpenID Connect provider standing in for Google in development and tests.
//
// Built on oidc-provider (panva, OpenID Certified). Nothing here is a stub: discovery, JWKS,
// the authorization endpoint (PKCE S256 required), the token endpoint (client_secret_post and
// client_secret_basic), userinfo, refresh tokens and RP-initiated logout are the library's own.
// Only the sign-in page is ours: type any e-mail address and you are that user.
//
//   npx node scripts/oidc-server.mjs        # CLI, settings from the environment (see bottom)
//   import { startOidcServer, signInHeadless } from "./scripts/oidc-server.mjs";
//
// Choices worth knowing:
// - Clients authenticate at the token endpoint with client_secret_post; oidc-provider v9 treats
//   client_secret_basic and client_secret_post as interchangeable for a client registered with
//   either, so Basic works too.
// - Plain-http loopback redirect URIs are fine for `application_type: "web"` clients using the
//   code flow in v9 (only implicit-flow web clients must use https), so clients stay "web".
// - Consent is granted automatically (first-party client): the flow is sign-in form -> redirect
//   back, even with prompt=consent. The consent step is still a real interaction, resolved by
//   granting every requested scope/claim without showing a page.
// - `conformIdTokenClaims: false`: claims of the requested scopes (email, email_verified, name,
//   given_name, family_name, picture) go into the ID token itself, like Google's.
// - Like Google, `access_type=offline` on the authorization request adds the `offline_access`
//   scope, so with prompt=consent the token response carries a refresh_token.
// - The provider's cookies carry distinct names (cookies ignore ports, so they share the
//   127.0.0.1 cookie jar with the storefront).
import { createHash, generateKeyPairSync, randomBytes, randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { pathToFileURL } from "node:url";

import Provider, { errors } from "oidc-provider";

export { signInHeadless } from "./oidc-headless.mjs";

const SCOPE_CLAIMS = {
  openid: ["sub"],
  email: ["email", "email_verified"],
  profile: ["name", "given_name", "family_name", "picture"],
};

const DAY = 24 * 60 * 60;

/** Local default client ids/secrets and redirect URIs, overridable from the environment. */
export function defaultRedirectUris() {
  const ports = [8787, 8790, 8791, 8792, 8793, 8794, 8795, 8796, 8797, 8798, 8799];
  return ports.flatMap((port) => [
    `http://127.0.0.1:${port}/auth/google/callback`,
    `http://localhost:${port}/auth/google/callback`,
  ]);
}

/** The stable subject for an e-mail address (same address, any case -> same user). */
export function subjectFor(email) {
  return `sub-${createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 16)}`;
}

function capitalize(word) {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Claims for an e-mail address typed on the sign-in page. */
function claimsFor(email, overrides) {
  const local = email.split("@")[0].split("+")[0];
  const words = local.split(/[._-]+/).filter(Boolean).map(capitalize);
  const given = words[0] ?? (local || email);
  const family = words.length > 1 ? words.slice(1).join(" ") : undefined;
  const claims = {
    sub: subjectFor(email),
    email,
    email_verified: !email.toLowerCase().startsWith("unverified"),
    name: family ? `${given} ${family}` : given,
    given_name: given,
    family_name: family,
    picture: null,
    ...overrides,
  };
  if (claims.family_name === undefined) delete claims.family_name;
  return claims;
}

/** `accounts` may be `{ [email]: claims }` or `[{ email, ...claims }]`. Keys are case-insensitive. */
function normalizeAccounts(accounts) {
  const map = new Map();
  if (!accounts) return map;
  const entries = Array.isArray(accounts)
    ? accounts.map((account) => [account.email, account])
    : Object.entries(accounts);
  for (const [email, claims] of entries) {
    if (typeof email === "string" && email) map.set(email.trim().toLowerCase(), { ...claims });
  }
  return map;
}

/** In-memory storage for one provider instance (no shared global state, no warning). */
function createAdapter() {
  const store = new Map();
  const grants = new Map();
  const byUid = new Map();
  const byUserCode = new Map();
  const live = (key) => {
    const entry = store.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt && entry.expiresAt <= Date.now()) {
      store.delete(key);
      return undefined;
    }
    return entry.payload;
  };

  return class LocalAdapter {
    constructor(model) {
      this.model = model;
    }

    key(id) {
      return `${this.model}:${id}`;
    }

    async upsert(id, payload, expiresIn) {
      const key = this.key(id);
      store.set(key, { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : undefined });
      if (payload.grantId) {
        if (!grants.has(payload.grantId)) grants.set(payload.grantId, new Set());
        grants.get(payload.grantId).add(key);
      }
      if (payload.uid) byUid.set(payload.uid, id);
      if (payload.userCode) byUserCode.set(payload.userCode, id);
    }

    async find(id) {
      return live(this.key(id));
    }

    async findByUid(uid) {
      const id = byUid.get(uid);
      return id === undefined ? undefined : this.find(id);
    }

    async findByUserCode(userCode) {
      const id = byUserCode.get(userCode);
      return id === undefined ? undefined : this.find(id);
    }

    async consume(id) {
      const payload = live(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }

    async destroy(id) {
      store.delete(this.key(id));
    }

    async revokeByGrantId(grantId) {
      for (const key of grants.get(grantId) ?? []) store.delete(key);
      grants.delete(grantId);
    }
  };
}

function escapeHtml(value) {
  return String(value ?? "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title, body) {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f1f3f4;margin:0;padding:48px 16px;color:#202124}
main{max-width:360px;margin:0 auto;background:#fff;border-radius:8px;padding:32px;box-shadow:0 1px 3px rgba(0,0,0,.2)}
h1{font-size:24px;font-weight:400;margin:0 0 8px}p{font-size:14px;color:#5f6368}
label{display:block;font-size:14px;margin:16px 0 4px}
input{box-sizing:border-box;width:100%;padding:10px;font-size:16px;border:1px solid #dadce0;border-radius:4px}
button{margin-top:16px;padding:10px 24px;font-size:14px;border:0;border-radius:4px;background:#1a73e8;color:#fff;cursor:pointer}
button.secondary{background:none;color:#1a73e8;padding-left:0}.error{color:#d93025}
</style>
</head>
<body><main>
${body}
</main></body>
</html>`;
}

function loginPage({ uid, client, params, error }) {
  const clientName = client?.clientName || params.client_id;
  return page(
    "Sign in - Local Google",
    `<h1>Sign in</h1>
<p>Local OpenID provider standing in for Google, to continue to <strong>${escapeHtml(clientName)}</strong>. Any e-mail address signs in.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
<form id="login-form" method="post" action="/interaction/${escapeHtml(uid)}/login" autocomplete="off">
<label for="login">Email</label>
<input id="login" name="login" type="text" inputmode="email" autocomplete="email" required autofocus value="${escapeHtml(params.login_hint ?? "")}">
<button type="submit">Sign-in</button>
</form>
<form id="abort-form" method="post" action="/interaction/${escapeHtml(uid)}/abort">
<button type="submit" class="secondary">Cancel</button>
</form>`,
  );
}

function sendHtml(res, status, html) {
  res.statusCode = status;
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.end(html);
}

async function readForm(req) {
  let body = "";
  for await (const chunk of req) {
    body += chunk;
    if (body.length > 64 * 1024) throw new errors.InvalidRequest("request body too large");
  }
  return new URLSearchParams(body);
}

/**
 * Starts a local OpenID Provider standing in for Google. Resolves once listening.
 *
 * @param {object} [options]
 * @param {number} [options.port=9400] 0 picks a free port (the issuer reflects the real one).
 * @param {string} [options.host='127.0.0.1'] interface to listen on.
 * @param {object[]} [options.clients] oidc-provider client metadata; replaces the default client.
 *   Missing fields default to code flow + refresh_token, client_secret_post, RS256 ID tokens.
 * @param {object|object[]} [options.accounts] claim overrides per e-mail address.
 * @param {boolean} [options.logErrors=true] print protocol/server errors to stderr.
 * @returns {Promise<{ issuer: string, port: number, provider: Provider, close(): Promise<void> }>}
 */
export async function startOidcServer({ port = 9400, host = "127.0.0.1", clients, accounts, logErrors = true } = {}) {
  let handler = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server = createServer((req, res) => handler(req, res));
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const actualPort = server.address().port;
  const issuerHost = ["0.0.0.0", "::", ""].includes(host) ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  const issuer = `http://${issuerHost}:${actualPort}`;

  const overrides = normalizeAccounts(accounts);
  const knownAccounts = new Map(); // sub -> claims
  const signIn = (email) => {
    const claims = claimsFor(email, overrides.get(email.toLowerCase()));
    knownAccounts.set(claims.sub, claims);
    return claims.sub;
  };
  for (const email of overrides.keys()) signIn(email);

  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: "jwk" }), kid: randomUUID(), alg: "RS256", use: "sig" };

  const log = (...args) => {
    if (logErrors) console.error("[oidc-server]", ...args);
  };

  const provider = new Provider(issuer, {
    adapter: createAdapter(),
    clients: clients ?? [
      {
        client_id: "igh-local",
        client_secret: "igh-local-secret",
        redirect_uris: defaultRedirectUris(),
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    clientDefaults: {
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_post",
      id_token_signed_response_alg: "RS256",
    },
    jwks: { keys: [signingKey] },
    scopes: ["openid", "email", "profile", "offline_access"],
    claims: { ...SCOPE_CLAIMS, acr: null, sid: null, auth_time: null, iss: null },
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    cookies: {
      names: { session: "igh_op_session", interaction: "igh_op_interaction", resume: "igh_op_resume" },
      long: { httpOnly: true, sameSite: "lax" },
      short: { httpOnly: true, sameSite: "lax" },
      keys: [randomBytes(32).toString("base64url")],
    },
    features: {
      devInteractions: { enabled: false },
      resourceIndicators: { enabled: false },
      revocation: {
        enabled: true,
        allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId,
      },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.body = page("Sign out - Local Google", `<h1>Sign out?</h1>${form}<button type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button>`);
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.body = page("Signed out - Local Google", "<h1>Signed out</h1>");
        },
      },
    },
    clientBasedCORS: () => false,
    findAccount: async (_ctx, sub) => {
      const claims = knownAccounts.get(sub);
      if (!claims) return undefined;
      return { accountId: sub, claims: async () => ({ ...claims }) };
    },
    renderError: async (ctx, out, error) => {
      ctx.type = "html";
      ctx.body = page(
        "Error - Local Google",
        `<h1>Sign-in error</h1>${Object.entries(out).map(([k, v]) => `<p><strong>${escapeHtml(k)}</strong>: ${escapeHtml(v)}</p>`).join("")}`,
      );
      if (!(error instanceof errors.OIDCProviderError)) log("error page:", error);
    },
    ttl: {
      AccessToken: 60 * 60,
      AuthorizationCode: 5 * 60,
      ClientCredentials: 10 * 60,
      DeviceCode: 10 * 60,
      BackchannelAuthenticationRequest: 10 * 60,
      PreAuthorizedCode: 10 * 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      RefreshToken: 14 * DAY,
      Session: 14 * DAY,
      Grant: 14 * DAY,
    },
  });

  provider.on("server_error", (_ctx, err) => log("server_error:", err));
  for (const event of [
    "authorization.error",
    "grant.error",
    "userinfo.error",
    "revocation.error",
    "end_session.error",
    "discovery.error",
    "jwks.error",
    "pushed_authorization_request.error",
  ]) {
    provider.on(event, (_ctx, err) => {
      const detail = err.error_detail ? ` (${err.error_detail})` : "";
      log(`${event}: ${err.error ?? err.message}: ${err.error_description ?? ""}${detail}`);
    });
  }

  const providerCallback = provider.callback();

  async function interaction(req, res, uid, action) {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new errors.SessionNotFound("interaction session mismatch");
    const { prompt, params, session, grantId } = details;

    if (action === "abort") {
      await readForm(req);
      return provider.interactionFinished(req, res, { error: "access_denied", error_description: "End-User aborted interaction" }, { mergeWithLastSubmission: false });
    }

    if (prompt.name === "login") {
      const client = await provider.Client.find(params.client_id);
      if (action === "login" && req.method === "POST") {
        const email = (await readForm(req)).get("login")?.trim() ?? "";
        if (!email) return sendHtml(res, 400, loginPage({ uid, client, params, error: "Enter an e-mail address." }));
        return provider.interactionFinished(req, res, { login: { accountId: signIn(email) } }, { mergeWithLastSubmission: false });
      }
      return sendHtml(res, 200, loginPage({ uid, client, params }));
    }

    if (prompt.name === "consent") {
      // First-party client: grant everything that was asked for, without a page.
      const grant = (grantId && (await provider.Grant.find(grantId)))
        || new provider.Grant({ accountId: session.accountId, clientId: params.client_id });
      const { missingOIDCScope, missingOIDCClaims, missingResourceScopes } = prompt.details;
      if (missingOIDCScope) grant.addOIDCScope(missingOIDCScope.join(" "));
      if (missingOIDCClaims) grant.addOIDCClaims(missingOIDCClaims);
      for (const [indicator, scopes] of Object.entries(missingResourceScopes ?? {})) {
        grant.addResourceScope(indicator, scopes.join(" "));
      }
      const savedGrantId = await grant.save();
      return provider.interactionFinished(req, res, { consent: { grantId: savedGrantId } }, { mergeWithLastSubmission: true });
    }

    throw new Error(`unsupported prompt ${prompt.name}`);
  }

  handler = async (req, res) => {
    const url = new URL(req.url, issuer);
    const match = /^\/interaction\/([^/]+)(?:\/(login|abort))?\/?$/.exec(url.pathname);
    if (match) {
      try {
        await interaction(req, res, match[1], match[2]);
      } catch (err) {
        if (err instanceof errors.SessionNotFound) {
          sendHtml(res, 400, page("Sign-in expired - Local Google", `<h1>Sign-in expired</h1><p>${escapeHtml(err.error_description ?? err.message)}. Start again from the store.</p>`));
        } else {
          log("interaction error:", err);
          if (!res.headersSent) sendHtml(res, 500, page("Error - Local Google", "<h1>Internal error</h1>"));
        }
      }
      return;
    }
    // Google semantics: access_type=offline asks for a refresh token.
    if (req.method === "GET" && url.pathname === "/auth" && url.searchParams.get("access_type") === "offline") {
      const scopes = (url.searchParams.get("scope") ?? "").split(" ").filter(Boolean);
      if (scopes.includes("openid") && !scopes.includes("offline_access")) {
        url.searchParams.set("scope", [...scopes, "offline_access"].join(" "));
        req.url = url.pathname + url.search;
      }
    }
    providerCallback(req, res);
  };

  return {
    issuer,
    port: actualPort,
    provider,
    close: () =>
      new Promise((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/**
 * Drives the login interaction over HTTP like a browser would; returns the `code` and `state`
 * from the redirect. Follows redirects manually with a cookie jar, fills the sign-in form with
 * `email`, consent is granted by the server, and stops at the first redirect whose URL is not on
 * the authorization URL's origin. Throws on an error redirect or an error page.
 *
 * @returns {Promise<{ code: string, state: string | null, url: string }>}
 */
// CLI: `npx node scripts/oidc-server.mjs`
//   OIDC_PORT (9400), OIDC_HOST (127.0.0.1), GOOGLE_CLIENT_ID (igh-local),
//   GOOGLE_CLIENT_SECRET (igh-local-secret), OIDC_REDIRECT_URIS (comma-separated; default
//   http://{127.0.0.1,localhost}:{8787,8790-8799}/auth/google/callback).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const env = process.env;
  const redirectUris = env.OIDC_REDIRECT_URIS
    ? env.OIDC_REDIRECT_URIS.split(",").map((uri) => uri.trim()).filter(Boolean)
    : defaultRedirectUris();
  const { issuer, close } = await startOidcServer({
    port: Number(env.OIDC_PORT || 9400),
    host: env.OIDC_HOST || "127.0.0.1",
    clients: [
      {
        client_id: env.GOOGLE_CLIENT_ID || "igh-local",
        client_secret: env.GOOGLE_CLIENT_SECRET || "igh-local-secret",
        redirect_uris: redirectUris,
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
  });
  console.log(`OIDC provider ready at ${issuer}`);
  const stop = async () => {
    await close();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
