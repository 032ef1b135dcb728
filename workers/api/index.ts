import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { ConfigError } from "../config";
import { adminAppsApi } from "./admin-apps";
import { adminBankTransfersApi } from "./admin-bank-transfers";
import { adminKeysApi } from "./admin-keys";
import { adminSettingsApi } from "./admin-settings";
import { adminUsersApi } from "./admin-users";
import { appsApi } from "./apps";
import { authApi } from "./auth";
import { cardsApi } from "./cards";
import { releasesApi } from "./feeds";
import { keysApi } from "./keys";
import { promotionsApi } from "./promotions";
import { vietqrApi } from "./vietqr";
import { walletApi } from "./wallet";
import { webhooksApi } from "./webhooks";
import type { ApiEnv } from "./context";
import { ApiError, MESSAGES, errorBody } from "./errors";
import { mediaApi } from "./media";
import { uploadsApi } from "./uploads";

// Non-strict: the spec writes every path with a trailing slash; clients may omit it.
export const api = new Hono<ApiEnv>({ strict: false }).basePath("/api");

api.route("/apps", adminAppsApi);
api.route("/apps", appsApi);
api.route("/apps", releasesApi);
api.route("/uploads", uploadsApi);
api.route("/auth", authApi);
api.route("/auth", walletApi);
api.route("/keys", keysApi);
api.route("/keys", adminKeysApi);
api.route("/admin/users", adminUsersApi);
api.route("/admin/bank-transfers", adminBankTransfersApi);
api.route("/admin/settings", adminSettingsApi);
api.route("/vietqr", vietqrApi);
api.route("/promotions", promotionsApi);
api.route("/cards", cardsApi);
api.route("/webhooks", webhooksApi);
api.route("/media", mediaApi);

api.notFound((c) => c.json(errorBody(MESSAGES.notFound), 404));

api.onError((error, c) => {
  if (error instanceof ApiError) {
    return c.json(errorBody(error.message, error.errors), error.status, error.headers);
  }
  if (error instanceof HTTPException) {
    return c.json(errorBody(error.status === 404 ? MESSAGES.notFound : error.message || MESSAGES.invalidData), error.status);
  }
  if (error instanceof ConfigError) console.error(error.message);
  else console.error("Unhandled API error", error);
  return c.json(errorBody(MESSAGES.serverError), 500);
});
