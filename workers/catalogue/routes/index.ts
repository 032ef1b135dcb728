// The one router workers/api.ts mounts at /apps: the catalogue's three route files under that path,
// in the order hono tries them (the admin's app form and lists, the public catalogue, older releases).
import { Hono } from "hono";
import type { ApiEnv } from "../../platform/http/context";
import { adminAppsApi } from "./admin-apps";
import { appsApi } from "./apps";
import { releasesApi } from "./feeds";

export const appsRouter = new Hono<ApiEnv>().route("/", adminAppsApi).route("/", appsApi).route("/", releasesApi);
