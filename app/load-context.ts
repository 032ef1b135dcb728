// What the Worker hands every Remix loader (workers/index.ts).
import "@remix-run/cloudflare";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: ExecutionContext };
    nonce: string;
  }
}
