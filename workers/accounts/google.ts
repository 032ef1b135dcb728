// Google sign-in, the server's half of the authorization code flow with PKCE (docs/architecture.md#accounts):
// exchange the code, then verify the ID token (issuer, audience, signature from the provider's
// keys, expiry, nonce, verified e-mail). The issuer is configuration, so locally and in tests
// this speaks to the project's own OpenID Connect test server.
import { createRemoteJWKSet, jwtVerify } from "jose";
import type { Config } from "../platform/config";

type GoogleConfig = Pick<Config, "GOOGLE_ISSUER" | "GOOGLE_CLIENT_ID" | "GOOGLE_CLIENT_SECRET" | "GOOGLE_SCOPE" | "GOOGLE_AUTH_PARAMS">;
type ProviderMetadata = { issuer: string; authorization_endpoint: string; token_endpoint: string; jwks_uri: string };

/** What a verified Google sign-in tells the accounts rules (accounts.ts findOrCreateGoogleUser). */
export type GoogleProfile = { sub: string; email: string; givenName: string; familyName: string; picture: string | null };

export class GoogleAuthError extends Error {
  constructor(
    message: string,
    readonly reason: "failed" | "unverified",
  ) {
    super(message);
  }
}

// Discovery documents and key sets are cached per isolate; jose refreshes keys on rotation.
const metadataCache = new Map<string, Promise<ProviderMetadata>>();
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function providerMetadata(issuer: string): Promise<ProviderMetadata> {
  let cached = metadataCache.get(issuer);
  if (!cached) {
    cached = fetch(`${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`).then(async (response) => {
      if (!response.ok) throw new Error(`OpenID discovery failed: ${response.status}`);
      return (await response.json()) as ProviderMetadata;
    });
    cached.catch(() => metadataCache.delete(issuer));
    metadataCache.set(issuer, cached);
  }
  return cached;
}

function keySet(jwksUri: string) {
  let set = keySets.get(jwksUri);
  if (!set) {
    set = createRemoteJWKSet(new URL(jwksUri));
    keySets.set(jwksUri, set);
  }
  return set;
}

/** What the browser needs to send a visitor to the provider. */
export async function authorizationSettings(config: GoogleConfig) {
  if (!config.GOOGLE_CLIENT_ID) return { enabled: false as const };
  const metadata = await providerMetadata(config.GOOGLE_ISSUER);
  return {
    enabled: true as const,
    authorization_endpoint: metadata.authorization_endpoint,
    client_id: config.GOOGLE_CLIENT_ID,
    scope: config.GOOGLE_SCOPE,
    params: Object.fromEntries(new URLSearchParams(config.GOOGLE_AUTH_PARAMS)),
  };
}

export type CodeExchange = { code: string; redirectUri: string; codeVerifier: string; nonce: string };

export async function verifyGoogleSignIn(config: GoogleConfig, exchange: CodeExchange): Promise<GoogleProfile> {
  const metadata = await providerMetadata(config.GOOGLE_ISSUER);
  const response = await fetch(metadata.token_endpoint, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code: exchange.code,
      redirect_uri: exchange.redirectUri,
      code_verifier: exchange.codeVerifier,
      client_id: config.GOOGLE_CLIENT_ID,
      client_secret: config.GOOGLE_CLIENT_SECRET,
    }),
  });
  const tokens = (await response.json().catch(() => ({}))) as { id_token?: string; error?: string };
  if (!response.ok || !tokens.id_token) throw new GoogleAuthError(`token exchange refused: ${tokens.error ?? response.status}`, "failed");

  let claims: Record<string, unknown>;
  try {
    ({ payload: claims } = await jwtVerify(tokens.id_token, keySet(metadata.jwks_uri), {
      issuer: metadata.issuer,
      audience: config.GOOGLE_CLIENT_ID,
      algorithms: ["RS256"],
    }));
  } catch (error) {
    throw new GoogleAuthError(`ID token refused: ${error instanceof Error ? error.message : error}`, "failed");
  }
  if (claims.nonce !== exchange.nonce) throw new GoogleAuthError("ID token nonce does not match", "failed");
  if (typeof claims.sub !== "string" || typeof claims.email !== "string") throw new GoogleAuthError("ID token lacks sub or email", "failed");
  if (claims.email_verified !== true && claims.email_verified !== "true") throw new GoogleAuthError("e-mail not verified", "unverified");

  const text = (value: unknown) => (typeof value === "string" ? value.trim().slice(0, 50) : "");
  return {
    sub: claims.sub,
    email: claims.email,
    givenName: text(claims.given_name) || text(claims.name),
    familyName: text(claims.family_name),
    picture: typeof claims.picture === "string" && /^https:\/\//.test(claims.picture) ? claims.picture : null,
  };
}
