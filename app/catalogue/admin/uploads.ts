// Sends a file to R2 through the upload API in parts (the same path for every file the admin
// screens send), reporting progress as bytes go out. Parts are sent two at a time: enough to
// keep a phone's uplink busy without holding many 8 MiB slices in memory.
import type { UploadedAnswer } from "@workers/catalogue/routes/uploads";
import { apiCall } from "../../platform/api";
import type { UploadKind } from "@workers/shared/enums";

export type UploadedFile = UploadedAnswer;

const PARALLEL_PARTS = 2;

export async function uploadFile(file: File, kind: UploadKind, onProgress: (sentBytes: number) => void, signal?: AbortSignal): Promise<UploadedFile> {
  const started = await apiCall((api) => api.api.uploads.$post({ json: { filename: file.name, size: file.size, content_type: file.type, kind } }), { auth: true, signal });
  let sent = 0;
  let next = 1;
  const sendParts = async () => {
    while (next <= started.parts) {
      const part = next++;
      const start = (part - 1) * started.part_size;
      const slice = file.slice(start, Math.min(file.size, start + started.part_size));
      await apiCall((api) => api.api.uploads[":id"].parts[":n"].$put({ param: { id: started.upload_id, n: String(part) } }, { init: { body: slice } }), { auth: true, signal });
      sent += slice.size;
      onProgress(sent);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_PARTS, started.parts) }, sendParts));
  return apiCall((api) => api.api.uploads[":id"].complete.$post({ param: { id: started.upload_id } }), { auth: true, signal });
}
