import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { ConfigError } from "../config";
import { adminUsersApi } from "./admin-users";
import { appsApi } from "./apps";
import { authApi } from "./auth";
import { keysApi } from "./keys";
import { walletApi } from "./wallet";
import type { ApiEnv } from "./context";
import { ApiError, MESSAGES, errorBody } from "./errors";
import { mediaApi } from "./media";

export const api = new Hono<ApiEnv>().basePath("/api");

api.route("/apps", appsApi);
api.route("/auth", authApi);
api.route("/auth", walletApi);
api.route("/keys", keysApi);
api.route("/admin/users", adminUsersApi);
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
