// The paths of files the feeds name: a .deb in the APT pool, an older build of an IPA app.
import { z } from "zod";
import { idField } from "../../shared/fields";

export const poolPath = z.object({ appId: idField(), digest: z.string(), name: z.string() });

export const releasePath = z.object({ id: idField(), releaseId: idField() });
