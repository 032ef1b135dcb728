// The app form of /admin/app/new and /admin/app/{id}/edit (docs/product.md §2, §5): it holds what the admin
// has typed and chosen, checks it, and submits it through its fetcher to the route's clientAction.
// The sections render the inputs; choosing a package reads it in the browser to fill
// name/version/developer (package-preview.ts); the action uploads the files while the form shows
// their progress, then creates or updates the app (save.ts).
import { useFetcher, useNavigate } from "@remix-run/react";
import { type FormEvent, useEffect, useMemo, useRef, useState } from "react";
import { Spinner } from "~/ui/Spinner";
import { isAppType, mediaKindOf, packageFits, slugFromName } from "@workers/shared/catalogue/app-form-fields";
import { toast } from "~/ui/toast";
import { fetchOnDemand, lazyDialog } from "~/ui/LazyDialog";
import type { AdminApp } from "@workers/catalogue/app-admin";
import type { AppCardData } from "@workers/catalogue/catalogue";
import type { ActionFailed } from "~/owner/admin-route";
import { useFetcherAnswer } from "~/ui/forms/fetcher-answer";
import { BUTTON_PRIMARY, BUTTON_SECONDARY } from "../../owner/AdminShell";
import { AppFormAside } from "./AppFormAside";
import { BasicInfoSection } from "./BasicInfoSection";
import { emptyFields, FIELD_LABELS, type FieldErrors, fieldsOf, pendingChanges, type TextFields } from "./fields";
import { IconSection } from "./IconSection";
import { MediaSection } from "./MediaSection";
import { PackageSection } from "./PackageSection";
import { UploadProgress, useObjectUrl } from "./parts";
import { appFormData, useSaveProgress } from "./save";
import { TextSections } from "./TextSections";

// The list of a refusal's other fields comes with the first refusal the server answers; if it
// cannot be fetched, the admin reads the network message (lazyDialog) and the fields their own.
const ValidationSummary = lazyDialog(() => import("~/ui/forms/ValidationSummary").then((module) => module.ValidationSummary));

// The rules that refuse a form or a file, and their words, come when the form first checks
// something. If they cannot be fetched (null), the admin reads the network message (fetchOnDemand)
// and what waits on the check does not happen: reading a package, taking an icon or media, the
// submission.
type Rules = typeof import("@workers/shared/app-form");
const loadRules = (): Promise<Rules | null> => fetchOnDemand(() => import("@workers/shared/app-form")).catch(() => null);

/** What the toast says when a chosen package cannot be read (or its reading fetched). */
function packageErrorText(error: unknown): string {
  // By name: the readers' PackageError class is in their lazily fetched file.
  return error instanceof Error && error.name === "PackageError" ? `Không đọc được tệp: ${error.message}` : "Không đọc được tệp. Vui lòng thử lại.";
}

// The routes' clientAction comes with the form: both pages fetch this file in their clientLoader.
export { saveApp } from "./save";

export function AppForm({ app, siteName }: { app?: AdminApp; siteName: string }) {
  const mode = app ? "edit" : "create";
  const navigate = useNavigate();
  const initial = useMemo(() => (app ? fieldsOf(app) : emptyFields(siteName)), [app, siteName]);
  const [fields, setFields] = useState<TextFields>(initial);
  const [slugTouched, setSlugTouched] = useState(mode === "edit");
  const [pkg, setPkg] = useState<File | null>(null);
  const [reading, setReading] = useState(false);
  const [icon, setIcon] = useState<File | null>(null);
  const [media, setMedia] = useState<File[]>([]);
  const [removed, setRemoved] = useState<Set<number>>(new Set());
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refused, setRefused] = useState<FieldErrors | null>(null);
  // Its action answers only a refusal; a saved app goes back to the list.
  const save = useFetcher<ActionFailed>();
  const busy = save.state !== "idle";
  const progress = useSaveProgress();
  // A refusal (the browser's check or the server's) moves focus to its first marked field.
  const form = useRef<HTMLFormElement>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);
  /**
   * A refusal, the browser's check or the server's, told one way (issue 53 items 4, 5): each field's
   * message under it, focus on the first marked field, and the form's own message in a toast unless
   * it only repeats a field's ('Lỗi khi cập nhật ứng dụng: {the url's message}').
   */
  function refuse(message: string, fieldErrors: FieldErrors) {
    setErrors(fieldErrors);
    setRefusals((count) => count + 1);
    if (!Object.values(fieldErrors).flat().some((said) => message.includes(said))) toast.error(message);
  }
  useFetcherAnswer(save, (answer) => {
    // Without field errors the action has said it in a toast already (actionFailure).
    if (answer.errors && Object.keys(answer.errors).length > 0) {
      setRefused(answer.errors);
      refuse(answer.error, answer.errors);
    }
  });
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

  function changeType(next: string) {
    set("app_type", next);
    setPkg(null);
    if (packageInput.current) packageInput.current.value = "";
  }

  async function choosePackage(file: File | null) {
    setPkg(file);
    setErrors((current) => ({ ...current, file: [] }));
    if (!file) return;
    const rules = await loadRules();
    if (!rules) return;
    const verdict = rules.declaredFile("app_file", file.name, file.size);
    if (!verdict.ok || !packageFits(type, file.name)) {
      const message = (verdict.ok ? rules.packageMismatchMessage(type) : verdict.message).in("vi");
      setErrors((current) => ({ ...current, file: [message] }));
      toast.error(message);
      return;
    }
    setReading(true);
    try {
      // The package's reading comes when a package is chosen; a failed fetch is told as a failed read.
      const { previewPackage, previewToastText } = await import("./package-preview");
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

  async function chooseIcon(file: File | null) {
    if (file) {
      const rules = await loadRules();
      if (!rules) return;
      const verdict = rules.declaredFile("icon", file.name, file.size);
      if (!verdict.ok) {
        setErrors((current) => ({ ...current, icon: [verdict.message.in("vi")] }));
        return;
      }
    }
    setErrors((current) => ({ ...current, icon: [] }));
    setIcon(file);
  }

  /** What is wrong with a chosen image or video before it is sent: its name and size, and a video's length. */
  async function mediaProblem({ declaredFile, FILE_MESSAGES, isVideoTooLong }: Rules, file: File): Promise<string | null> {
    const verdict = declaredFile("media", file.name, file.size);
    if (!verdict.ok) return verdict.message.in("vi");
    if (mediaKindOf(file.name) !== "video") return null;
    // Its reading comes with the first video; if it cannot, the upload's check on the server decides.
    const seconds = await import("./video-duration").then(({ readVideoDuration }) => readVideoDuration(file), () => null);
    return seconds !== null && isVideoTooLong(seconds) ? FILE_MESSAGES.videoTooLong.in("vi") : null;
  }

  async function addMedia(files: File[]) {
    const rules = await loadRules();
    if (!rules) return;
    const problems = (await Promise.all(files.map((file) => mediaProblem(rules, file)))).filter((problem) => problem !== null);
    setErrors((current) => ({ ...current, screenshots: problems }));
    if (problems.length === 0) setMedia((current) => [...current, ...files]);
  }

  const pending = useMemo(() => pendingChanges(app, initial, fields, { pkg, icon, media, removed: removed.size }), [app, initial, fields, pkg, icon, media, removed]);

  // Set from a press on the submit button until the save is handed to the fetcher (which then keeps
  // the button disabled): a second press while the rules are still on their way is the same save.
  const checking = useRef(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (checking.current) return;
    checking.current = true;
    try {
      await checkAndSave();
    } finally {
      checking.current = false;
    }
  }

  async function checkAndSave() {
    setRefused(null);
    const rules = await loadRules();
    if (!rules) return;
    const packageReady = Boolean(pkg) && !errors.file?.length;
    const problem = rules.appFormProblem({ ...fields, hasIcon: Boolean(icon || app?.icon), hasPackage: packageReady || keepsPackage }, mode);
    if (problem) {
      refuse(problem.message.in("vi"), Object.fromEntries(Object.entries(problem.errors).map(([field, messages]) => [field, messages.map((message) => message.in("vi"))])));
      return;
    }
    const fileProblems = [...(errors.file ?? []), ...(errors.icon ?? []), ...(errors.screenshots ?? [])];
    if (fileProblems.length) {
      refuse(fileProblems[0], errors);
      return;
    }
    save.submit(appFormData(fields, { pkg: wantsPackage ? pkg : null, icon, media, removed }), { method: "post", encType: "multipart/form-data", flushSync: true });
  }

  const now = new Date().toISOString();
  const previewApp: AppCardData = {
    id: app?.id ?? 0,
    url: fields.url,
    name: fields.name || "Tên ứng dụng",
    name_en: fields.name_en || null,
    version: fields.version,
    developer: fields.developer || "Unknown",
    app_type: isAppType(type) ? type : "ipa",
    icon_url: iconPreview ?? app?.icon_url ?? null,
    // A new icon's preview is a local blob: its copies are made when the form is saved.
    icon_width: iconPreview ? null : (app?.icon_width ?? null),
    icon_variants: iconPreview ? [] : (app?.icon_variants ?? []),
    file_size: pkg?.size ?? app?.file_size ?? null,
    download_count: app?.download_count ?? 0,
    created_at: app?.created_at ?? now,
    updated_at: now,
  };

  // One column on a phone, as wide as the screen (grid-cols-1: minmax(0, 1fr)): an app named by one
  // long word must not widen the page through the preview card (tests/e2e/admin-apps.spec.ts).
  return (
    <form ref={form} onSubmit={submit} noValidate className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]" aria-busy={busy} data-testid="app-form">
      <div className="min-w-0 space-y-5">
        <BasicInfoSection
          fields={fields}
          errors={errors}
          onField={set}
          onSlugTyped={(slug) => {
            setSlugTouched(true);
            set("url", slug);
          }}
          onTypeChange={changeType}
        />
        <PackageSection mode={mode} app={app} fields={fields} errors={errors} onField={set} pkg={pkg} reading={reading} keepsPackage={keepsPackage} inputRef={packageInput} onPackage={choosePackage} />
        <IconSection mode={mode} errors={errors} shown={iconPreview ?? app?.icon_url ?? null} onIcon={chooseIcon} />
        <TextSections fields={fields} errors={errors} onField={set} />
        <MediaSection
          mode={mode}
          app={app}
          errors={errors}
          removed={removed}
          onRemoveExisting={(id) => setRemoved((current) => new Set(current).add(id))}
          media={media}
          onAdd={(files) => void addMedia(files)}
          onDrop={(index) => setMedia((current) => current.filter((_, i) => i !== index))}
        />
        {progress && <UploadProgress progress={progress} />}
        {/* Every text field and file says its own error under it; only a refusal naming another is listed here. */}
        {refused && <ValidationSummary errors={refused} labels={FIELD_LABELS} shownBelow={[...Object.keys(FIELD_LABELS), "file", "icon", "screenshots"]} onClose={() => setRefused(null)} />}
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
      <AppFormAside mode={mode} app={app} previewApp={previewApp} pending={pending} />
    </form>
  );
}
