// The app form's screenshots and videos: the app's current media (four shown, then "+N more"),
// each removable, and the new files chosen to add.
import { useState } from "react";
import { Field } from "~/ui/Field";
import { MEDIA_ACCEPT, MEDIA_HINT, mediaKindOf } from "@workers/shared/catalogue/app-form-fields";
import { formatFileSize } from "@workers/shared/format";
import type { AdminApp } from "@workers/catalogue/app-admin";
import { BUTTON_SMALL } from "../../owner/AdminShell";
import type { FieldErrors } from "./fields";
import { FILE_INPUT, Section } from "./parts";

export function MediaSection({
  mode,
  app,
  errors,
  removed,
  onRemoveExisting,
  media,
  onAdd,
  onDrop,
}: {
  mode: "create" | "edit";
  app?: AdminApp;
  errors: FieldErrors;
  removed: ReadonlySet<number>;
  onRemoveExisting: (id: number) => void;
  media: File[];
  onAdd: (files: File[]) => void;
  onDrop: (index: number) => void;
}) {
  const [showAllMedia, setShowAllMedia] = useState(false);
  const existingMedia = (app?.screenshots ?? []).filter((shot) => !removed.has(shot.id));
  const visibleMedia = showAllMedia ? existingMedia : existingMedia.slice(0, 4);
  return (
    <Section title={mode === "edit" ? "Thêm media" : "Ảnh & video"}>
      {existingMedia.length > 0 && (
        <ul className="mb-4 grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="existing-media">
          {visibleMedia.map((shot) => (
            <li key={shot.id} className="relative aspect-video overflow-hidden rounded-xl bg-zinc-800 ring-1 ring-white/10">
              {shot.media_type === "video" ? <video src={shot.url} muted preload="metadata" className="h-full w-full object-cover" /> : <img src={shot.url} alt="" className="h-full w-full object-cover" />}
              <button type="button" className="absolute top-1 right-1 rounded-lg bg-black/70 px-2 py-0.5 text-xs text-white hover:bg-red-600" onClick={() => onRemoveExisting(shot.id)} aria-label="Xóa media này">
                ✕
              </button>
            </li>
          ))}
          {!showAllMedia && existingMedia.length > 4 && (
            <li>
              <button type="button" className="flex aspect-video w-full items-center justify-center rounded-xl bg-zinc-800 text-sm font-semibold text-zinc-200 ring-1 ring-white/10 hover:bg-zinc-700" onClick={() => setShowAllMedia(true)}>
                +{existingMedia.length - 4} more
              </button>
            </li>
          )}
        </ul>
      )}
      <Field id="app-media" label={mode === "edit" ? "Media mới (thêm vào danh sách hiện có)" : "Ảnh chụp màn hình và video"} errors={errors.screenshots} hint={MEDIA_HINT}>
        <input id="app-media" name="screenshots" type="file" multiple accept={MEDIA_ACCEPT} className={FILE_INPUT} onChange={(e) => { onAdd([...(e.target.files ?? [])]); e.target.value = ""; }} />
      </Field>
      {media.length > 0 && (
        <ul className="mt-3 space-y-1.5 text-sm text-zinc-300" data-testid="new-media">
          {media.map((file, index) => (
            <li key={`${file.name}-${index}`} className="flex items-center justify-between gap-2 rounded-lg bg-zinc-800/60 px-3 py-1.5">
              <span className="truncate">{mediaKindOf(file.name) === "video" ? "🎬" : "🖼️"} {file.name} · {formatFileSize(file.size)}</span>
              <button type="button" className={BUTTON_SMALL} onClick={() => onDrop(index)}>
                Bỏ
              </button>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
