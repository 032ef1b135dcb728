// The app form of /admin/app/new and /admin/app/{id}/edit (spec §2, §5): inputs chosen by type,
// the package read in the browser to fill name/version/developer, files sent in parts with a
// progress bar, then one create/update call. The right column previews the card as it will look.
import { useNavigate } from "@remix-run/react";
import { type FormEvent, type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { AppCard } from "~/components/AppCard";
import { Field, inputClass } from "~/components/Field";
import { Spinner } from "~/components/Spinner";
import {
  APP_FORM_MESSAGES,
  APP_TYPES,
  appFormProblem,
  isAppType,
  declaredFile,
  ICON_ACCEPT,
  ICON_HINT,
  MEDIA_ACCEPT,
  MEDIA_HINT,
  mediaKindOf,
  normaliseSlug,
  packageAccept,
  packageFits,
  packageHint,
  packageMismatchMessage,
  slugFromName,
  type UploadKindName,
} from "../../../workers/shared/app-form";
import { appTypeLabel } from "~/lib/app-types";
import { ApiError, apiFetch } from "~/lib/api";
import { formatDateTime, formatFileSize } from "../../../workers/shared/format";
import { packageErrorText, previewPackage, previewToastText } from "~/lib/package-preview";
import { toast } from "~/lib/toast";
import { uploadFile } from "~/lib/uploads";
import type { AdminApp } from "../../../workers/services/app-admin";
import type { AppCardData } from "../../../workers/services/catalogue";
import { BUTTON_PRIMARY, BUTTON_SECONDARY, BUTTON_SMALL, CARD, SELECT_CLASS, useAdminError } from "./AdminShell";

type TextFields = {
  name: string;
  url: string;
  version: string;
  developer: string;
  app_type: string;
  description: string;
  changelog: string;
  itms_url: string;
  testflight_url: string;
};

const FIELD_LABELS: Record<keyof TextFields, string> = {
  name: "Tên ứng dụng",
  url: "Đường dẫn (url)",
  version: "Phiên bản",
  developer: "Nhà phát triển",
  app_type: "Loại ứng dụng",
  description: "Mô tả",
  changelog: "Changelog / tính năng",
  itms_url: "ITMS URL",
  testflight_url: "TestFlight URL",
};

/** The create form's defaults (spec §3: developer defaults to the product's name). */
function emptyFields(siteName: string): TextFields {
  return { name: "", url: "", version: "", developer: siteName, app_type: "ipa", description: "", changelog: "", itms_url: "", testflight_url: "" };
}

function fieldsOf(app: AdminApp): TextFields {
  return {
    name: app.name,
    url: app.url,
    version: app.version,
    developer: app.developer,
    app_type: app.app_type,
    description: app.description,
    changelog: app.changelog,
    itms_url: app.itms_url ?? "",
    testflight_url: app.testflight_url ?? "",
  };
}

type Progress = { sent: number; total: number; label: string };

export function AppForm({ app, siteName }: { app?: AdminApp; siteName: string }) {
  const mode = app ? "edit" : "create";
  const navigate = useNavigate();
  const handleError = useAdminError();
  const initial = useMemo(() => (app ? fieldsOf(app) : emptyFields(siteName)), [app, siteName]);
  const [fields, setFields] = useState<TextFields>(initial);
  const [slugTouched, setSlugTouched] = useState(mode === "edit");
  const [pkg, setPkg] = useState<File | null>(null);
  const [reading, setReading] = useState(false);
  const [icon, setIcon] = useState<File | null>(null);
  const [media, setMedia] = useState<File[]>([]);
  const [removed, setRemoved] = useState<Set<number>>(new Set());
  const [showAllMedia, setShowAllMedia] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [progress, setProgress] = useState<Progress | null>(null);
  const [busy, setBusy] = useState(false);
  const packageInput = useRef<HTMLInputElement>(null);

  const iconPreview = useObjectUrl(icon);
  const set = (name: keyof TextFields, value: string) => {
    setFields((current) => {
      const next = { ...current, [name]: value };
      if (name === "name" && !slugTouched) next.url = slugFromName(value);
      return next;
    });
    setErrors((current) => ({ ...current, [name]: [] }));
  };

  const type = fields.app_type;
  const wantsPackage = type !== "testflight";
  const keepsPackage = Boolean(app?.file && packageFits(type, app.file_name ?? ""));

  async function choosePackage(file: File | null) {
    setPkg(file);
    setErrors((current) => ({ ...current, file: [] }));
    if (!file) return;
    const verdict = declaredFile("app_file", file.name, file.size);
    if (!verdict.ok || !packageFits(type, file.name)) {
      const message = verdict.ok ? packageMismatchMessage(type) : verdict.message;
      setErrors((current) => ({ ...current, file: [message] }));
      toast.error(message);
      return;
    }
    setReading(true);
    try {
      const preview = await previewPackage(file);
      if (!preview) return;
      setFields((current) => ({
        ...current,
        name: preview.name || current.name,
        version: preview.version || current.version,
        developer: preview.developer || current.developer,
        url: slugTouched ? current.url : slugFromName(preview.name || current.name),
      }));
      toast.success(previewToastText(preview), 5000);
    } catch (error) {
      toast.error(packageErrorText(error));
    } finally {
      setReading(false);
    }
  }

  function chooseIcon(file: File | null) {
    if (file) {
      const verdict = declaredFile("icon", file.name, file.size);
      if (!verdict.ok) {
        setErrors((current) => ({ ...current, icon: [verdict.message] }));
        return;
      }
    }
    setErrors((current) => ({ ...current, icon: [] }));
    setIcon(file);
  }

  function addMedia(files: File[]) {
    const problems = files.map((file) => declaredFile("media", file.name, file.size)).flatMap((verdict) => (verdict.ok ? [] : [verdict.message]));
    setErrors((current) => ({ ...current, screenshots: problems }));
    if (problems.length === 0) setMedia((current) => [...current, ...files]);
  }

  const pending = useMemo(() => pendingChanges(app, initial, fields, { pkg, icon, media, removed: removed.size }), [app, initial, fields, pkg, icon, media, removed]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const packageReady = Boolean(pkg) && !errors.file?.length;
    const problem = appFormProblem(
      { ...fields, hasIcon: Boolean(icon || app?.icon), hasPackage: packageReady || keepsPackage },
      mode,
    );
    if (problem) {
      setErrors(problem.errors);
      toast.error(problem.message);
      return;
    }
    if (errors.file?.length || errors.icon?.length || errors.screenshots?.length) {
      toast.error([...(errors.file ?? []), ...(errors.icon ?? []), ...(errors.screenshots ?? [])][0]);
      return;
    }
    setBusy(true);
    try {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value.trim());
      const sending: [File, UploadKindName, string][] = [
        ...(pkg && wantsPackage ? ([[pkg, "app_file", "file_key"]] as [File, UploadKindName, string][]) : []),
        ...(icon ? ([[icon, "icon", "icon_key"]] as [File, UploadKindName, string][]) : []),
        ...media.map((file) => [file, "media", "screenshot_keys"] as [File, UploadKindName, string]),
      ];
      const total = sending.reduce((sum, [file]) => sum + file.size, 0);
      let done = 0;
      for (const [file, kind, field] of sending) {
        setProgress({ sent: done, total, label: file.name });
        const uploaded = await uploadFile(file, kind, (sent) => setProgress({ sent: done + sent, total, label: file.name }));
        done += file.size;
        form.append(field, uploaded.key);
      }
      for (const id of removed) form.append("remove_screenshots", String(id));
      setProgress(null);
      const result = await apiFetch<{ message: string; data: AdminApp & { extracted_info?: { auto_filled?: boolean; bundle_id?: string; build_number?: string; minimum_os_version?: string } } }>(
        app ? `/api/apps/update/${app.id}/` : "/api/apps/create/",
        { method: app ? "PUT" : "POST", auth: true, body: form },
      );
      const info = result.data.extracted_info;
      if (app) toast.success(`${APP_FORM_MESSAGES.updated} (${formatDateTime(new Date())})`);
      else toast.success(APP_FORM_MESSAGES.created);
      if (info?.auto_filled && pkg) {
        toast.info(`Bundle ID: ${info.bundle_id || "—"} • Build: ${info.build_number || "—"} • iOS tối thiểu: ${info.minimum_os_version || "—"}`, 5000);
      }
      navigate("/admin");
    } catch (error) {
      if (error instanceof ApiError && error.errors) setErrors(error.errors);
      handleError(error, "Vui lòng thử lại sau!", app ? (message) => APP_FORM_MESSAGES.updateFailed(message) : undefined);
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }

  const now = new Date().toISOString();
  const previewApp: AppCardData = {
    id: app?.id ?? 0,
    url: fields.url,
    name: fields.name || "Tên ứng dụng",
    version: fields.version,
    developer: fields.developer || "Unknown",
    app_type: isAppType(type) ? type : "ipa",
    icon_url: iconPreview ?? app?.icon_url ?? null,
    file_size: pkg?.size ?? app?.file_size ?? null,
    download_count: app?.download_count ?? 0,
    created_at: app?.created_at ?? now,
    updated_at: now,
  };
  const existingMedia = (app?.screenshots ?? []).filter((shot) => !removed.has(shot.id));
  const visibleMedia = showAllMedia ? existingMedia : existingMedia.slice(0, 4);

  return (
    <form onSubmit={submit} noValidate className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]" aria-busy={busy} data-testid="app-form">
      <div className="min-w-0 space-y-5">
        <Section title="Thông tin cơ bản">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="app-name" label={FIELD_LABELS.name} required errors={errors.name}>
              <input id="app-name" name="name" className={inputClass(Boolean(errors.name?.length))} value={fields.name} onChange={(e) => set("name", e.target.value)} maxLength={200} />
            </Field>
            <Field id="app-url" label={FIELD_LABELS.url} required errors={errors.url} hint="Chỉ chữ thường a-z, số, dấu gạch ngang và gạch dưới">
              <input
                id="app-url"
                name="url"
                className={inputClass(Boolean(errors.url?.length))}
                value={fields.url}
                onChange={(e) => {
                  setSlugTouched(true);
                  set("url", normaliseSlug(e.target.value));
                }}
                maxLength={100}
                autoCapitalize="none"
                spellCheck={false}
              />
            </Field>
            <Field id="app-version" label={FIELD_LABELS.version} required errors={errors.version}>
              <input id="app-version" name="version" className={inputClass(Boolean(errors.version?.length))} value={fields.version} onChange={(e) => set("version", e.target.value)} maxLength={50} />
            </Field>
            <Field id="app-developer" label={FIELD_LABELS.developer} errors={errors.developer}>
              <input id="app-developer" name="developer" className={inputClass(false)} value={fields.developer} onChange={(e) => set("developer", e.target.value)} maxLength={100} />
            </Field>
            <Field id="app-type" label={FIELD_LABELS.app_type} required errors={errors.app_type}>
              <select
                id="app-type"
                name="app_type"
                className={`${SELECT_CLASS} w-full`}
                value={type}
                onChange={(e) => {
                  set("app_type", e.target.value);
                  setPkg(null);
                  if (packageInput.current) packageInput.current.value = "";
                }}
              >
                {APP_TYPES.map((value) => (
                  <option key={value} value={value}>
                    {appTypeLabel(value)}
                  </option>
                ))}
              </select>
            </Field>
          </div>
        </Section>

        <Section title={mode === "edit" ? "Cập nhật tệp / liên kết" : "Tệp ứng dụng / liên kết"}>
          {type === "testflight" ? (
            <Field id="app-testflight" label={FIELD_LABELS.testflight_url} required errors={errors.testflight_url}>
              <input id="app-testflight" name="testflight_url" type="url" inputMode="url" className={inputClass(Boolean(errors.testflight_url?.length))} value={fields.testflight_url} onChange={(e) => set("testflight_url", e.target.value)} placeholder="https://testflight.apple.com/join/..." />
            </Field>
          ) : (
            <div className="space-y-4">
              <Field
                id="app-file"
                label={type === "itms-ipa" ? "Tệp IPA (cài qua Safari)" : "Tệp ứng dụng"}
                required={mode === "create" && type !== "itms-ipa"}
                errors={errors.file}
                hint={
                  <>
                    {packageHint(type)}
                    {keepsPackage && !pkg && <> · Để trống để giữ tệp hiện tại ({app?.file_name ?? "đã tải lên"}, {formatFileSize(app?.file_size)})</>}
                  </>
                }
                status={reading ? <span className="inline-flex items-center gap-2 text-indigo-300"><Spinner className="h-3.5 w-3.5" /> Đang đọc thông tin gói...</span> : pkg ? <span className="text-zinc-300">{pkg.name} · {formatFileSize(pkg.size)}</span> : undefined}
              >
                <input ref={packageInput} id="app-file" name="file" type="file" accept={packageAccept(type)} className={FILE_INPUT} onChange={(e) => choosePackage(e.target.files?.[0] ?? null)} />
              </Field>
              {type === "itms-ipa" && !pkg && (
                <Field id="app-itms" label={FIELD_LABELS.itms_url} errors={errors.itms_url} hint="Hoặc nhập liên kết itms-services:// có sẵn">
                  <input id="app-itms" name="itms_url" type="url" className={inputClass(Boolean(errors.itms_url?.length))} value={fields.itms_url} onChange={(e) => set("itms_url", e.target.value)} placeholder="itms-services://?action=download-manifest&url=..." />
                </Field>
              )}
            </div>
          )}
        </Section>

        <Section title="Icon">
          <div className="flex items-start gap-4">
            {(iconPreview || app?.icon_url) && <img src={iconPreview ?? app?.icon_url ?? ""} alt="" className="h-16 w-16 shrink-0 rounded-2xl object-cover ring-1 ring-white/10" />}
            <div className="min-w-0 flex-1">
              <Field id="app-icon" label="Icon" required={mode === "create"} errors={errors.icon} hint={mode === "edit" ? `${ICON_HINT} · Để trống để giữ icon hiện tại` : ICON_HINT}>
                <input id="app-icon" name="icon" type="file" accept={ICON_ACCEPT} className={FILE_INPUT} onChange={(e) => chooseIcon(e.target.files?.[0] ?? null)} />
              </Field>
            </div>
          </div>
        </Section>

        <Section title="Mô tả">
          <Field id="app-description" label={FIELD_LABELS.description} required errors={errors.description}>
            <textarea id="app-description" name="description" rows={5} className={inputClass(Boolean(errors.description?.length))} value={fields.description} onChange={(e) => set("description", e.target.value)} />
          </Field>
        </Section>

        <Section title="Changelog">
          <Field id="app-changelog" label={FIELD_LABELS.changelog} hint="Mỗi dòng là một tính năng trên trang ứng dụng">
            <textarea id="app-changelog" name="changelog" rows={5} className={inputClass(false)} value={fields.changelog} onChange={(e) => set("changelog", e.target.value)} />
          </Field>
        </Section>

        <Section title={mode === "edit" ? "Thêm media" : "Ảnh & video"}>
          {existingMedia.length > 0 && (
            <ul className="mb-4 grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="existing-media">
              {visibleMedia.map((shot) => (
                <li key={shot.id} className="relative aspect-video overflow-hidden rounded-xl bg-zinc-800 ring-1 ring-white/10">
                  {shot.media_type === "video" ? <video src={shot.url} muted preload="metadata" className="h-full w-full object-cover" /> : <img src={shot.url} alt="" className="h-full w-full object-cover" />}
                  <button type="button" className="absolute top-1 right-1 rounded-lg bg-black/70 px-2 py-0.5 text-xs text-white hover:bg-red-600" onClick={() => setRemoved((current) => new Set(current).add(shot.id))} aria-label="Xóa media này">
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
            <input id="app-media" name="screenshots" type="file" multiple accept={MEDIA_ACCEPT} className={FILE_INPUT} onChange={(e) => { addMedia([...(e.target.files ?? [])]); e.target.value = ""; }} />
          </Field>
          {media.length > 0 && (
            <ul className="mt-3 space-y-1.5 text-sm text-zinc-300" data-testid="new-media">
              {media.map((file, index) => (
                <li key={`${file.name}-${index}`} className="flex items-center justify-between gap-2 rounded-lg bg-zinc-800/60 px-3 py-1.5">
                  <span className="truncate">{mediaKindOf(file.name) === "video" ? "🎬" : "🖼️"} {file.name} · {formatFileSize(file.size)}</span>
                  <button type="button" className={BUTTON_SMALL} onClick={() => setMedia((current) => current.filter((_, i) => i !== index))}>
                    Bỏ
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Section>

        {progress && <UploadProgress progress={progress} />}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={BUTTON_SECONDARY} onClick={() => navigate("/admin")} disabled={busy}>
            Hủy
          </button>
          <button type="submit" className={BUTTON_PRIMARY} disabled={busy || reading}>
            {busy && <Spinner />}
            {mode === "edit" ? "Lưu thay đổi" : "Tạo ứng dụng"}
          </button>
        </div>
      </div>

      <aside className="space-y-4 lg:sticky lg:top-20 lg:self-start" aria-label="Xem trước">
        <div>
          <h2 className="mb-2 text-sm font-semibold text-zinc-400">Xem trước</h2>
          <div className="pointer-events-none" data-testid="app-preview">
            <AppCard app={previewApp} now={Date.now()} />
          </div>
        </div>
        {mode === "edit" && (
          <div className={`${CARD} p-4`} data-testid="pending-changes">
            <h2 className="mb-2 text-sm font-semibold text-white">Thay đổi chưa lưu</h2>
            {pending.length === 0 ? (
              <p className="text-sm text-zinc-400">Chưa có thay đổi nào.</p>
            ) : (
              <ul className="list-disc space-y-1 pl-5 text-sm text-amber-200">
                {pending.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
          </div>
        )}
        {app?.releases && (
          <div className={`${CARD} p-4`} data-testid="update-history">
            <h2 className="mb-2 text-sm font-semibold text-white">Lịch sử cập nhật</h2>
            {app.releases.length === 0 ? (
              <p className="text-sm text-zinc-400">Chưa có bản dựng nào được tải lên.</p>
            ) : (
              <ol className="space-y-2 text-sm">
                {app.releases.map((release) => (
                  <li key={release.id} className="flex items-baseline justify-between gap-2">
                    <span className="text-zinc-200">
                      v{release.version}
                      {release.build_number && <span className="text-zinc-400"> ({release.build_number})</span>}
                    </span>
                    <span className="text-xs whitespace-nowrap text-zinc-400">{formatDateTime(release.created_at)}</span>
                  </li>
                ))}
              </ol>
            )}
          </div>
        )}
      </aside>
    </form>
  );
}

const FILE_INPUT =
  "block w-full text-sm text-zinc-300 file:mr-3 file:rounded-lg file:border-0 file:bg-indigo-600 file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-white hover:file:bg-indigo-500";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={`${CARD} p-4 sm:p-5`}>
      <h2 className="mb-4 text-base font-bold text-white">{title}</h2>
      {children}
    </section>
  );
}

function UploadProgress({ progress }: { progress: Progress }) {
  const percent = progress.total ? Math.min(100, Math.round((progress.sent / progress.total) * 100)) : 0;
  return (
    <div className={`${CARD} p-4`} aria-live="polite">
      <div className="mb-2 flex justify-between gap-2 text-sm text-zinc-300">
        <span className="truncate">Đang tải lên {progress.label}…</span>
        <span>{percent}%</span>
      </div>
      <div className="h-2 overflow-hidden rounded-full bg-zinc-800" role="progressbar" aria-label="Tiến độ tải lên" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div className="h-full rounded-full bg-indigo-500 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1 text-xs text-zinc-400">
        {formatFileSize(progress.sent)} / {formatFileSize(progress.total)}
      </p>
    </div>
  );
}

function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/** The edit page's summary of what saving would change. */
function pendingChanges(app: AdminApp | undefined, initial: TextFields, fields: TextFields, files: { pkg: File | null; icon: File | null; media: File[]; removed: number }): string[] {
  if (!app) return [];
  const lines = (Object.keys(FIELD_LABELS) as (keyof TextFields)[])
    .filter((name) => fields[name].trim() !== initial[name].trim())
    .map((name) => (name === "app_type" ? `${FIELD_LABELS.app_type}: ${appTypeLabel(initial.app_type)} → ${appTypeLabel(fields.app_type)}` : `${FIELD_LABELS[name]} đã sửa`));
  if (files.pkg) lines.push(`Tệp mới: ${files.pkg.name}`);
  if (files.icon) lines.push("Icon mới");
  if (files.media.length) lines.push(`Thêm ${files.media.length} media`);
  if (files.removed) lines.push(`Xóa ${files.removed} media`);
  return lines;
}

