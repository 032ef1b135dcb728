// The one router workers/api.ts mounts at /keys: keys as buyers and mods see them, then the admin's
// key management, in the order hono tries them. The purchase (/keys/purchase) is money's, mounted
// on its own path beside its rule (workers/money/routes/purchase.ts).
import { Hono } from "hono";
import type { ApiEnv } from "../../platform/http/context";
import { adminKeysApi } from "./admin-keys";
import { keysApi } from "./keys";
import { trialApi } from "./bans";

export const keysRouter = new Hono<ApiEnv>().route("/", keysApi).route("/", trialApi).route("/", adminKeysApi);
