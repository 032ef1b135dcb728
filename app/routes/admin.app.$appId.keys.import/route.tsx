// /admin/app/{appId}/keys/import: the add-keys tab (docs/product.md §2, §5 "Add keys"): one key per line,
// blank lines ignored, duplicates skipped by the server; the result says how many went in and
// how many were skipped. The import goes through clientAction; the pricing stock reloads after it.
// Codes that can be guessed (short, sequential) are shown before anything is imported, with the
// choice to leave them out or import them anyway (issue #27 item 9). An import the server refuses
// whole (a code outside the shop's alphabet, a look-alike of a stocked code: issue 41 item 2)
// lists the refused lines, by number, under the form.
import { type ClientActionFunctionArgs, useFetcher, useParams } from "@remix-run/react";
import { type FormEvent, useState } from "react";
import { BUTTON_PRIMARY, CARD, SELECT_CLASS } from "~/owner/AdminShell";
import { Field } from "~/ui/Field";
import { inputClass } from "~/ui/input-class";
import { Spinner } from "~/ui/Spinner";
import { countKeyLines, type KeyTypeOption, pricingTypeName } from "~/owner/admin-keys";
import { useFetcherAnswer } from "~/ui/forms/fetcher-answer";
import { type ActionResult, adminCall, jsonBody } from "~/owner/admin-route";
import { formatNumber } from "@workers/shared/format";
import { weakKeys } from "@workers/shared/weak-keys";
import { toast } from "~/ui/toast";
import type { ImportKeysRequest } from "@workers/licensing/schemas/keys";
import type { ImportedKeys } from "@workers/licensing/key-admin";
import { type AdminPricing, keyActionFailure, useKeysData } from "../../licensing/admin/key-data";
import { Alert } from "~/ui/Alert";

// warnings: codes that look guessable (short or sequential), when the admin imported them anyway.
type ImportResult = ImportedKeys;

/** The type the form starts on: one the app sells (an active pricing, else any pricing), else 1 day. */
function defaultImportType(types: KeyTypeOption[], pricing: AdminPricing[]): string {
  const sold = [...pricing].sort((a, b) => Number(b.is_active) - Number(a.is_active)).map(pricingTypeName);
  return types.find((type) => sold.includes(type.name))?.name ?? types.find((type) => type.name === "1day")?.name ?? types[0]?.name ?? "1day";
}

export async function clientAction({ request }: ClientActionFunctionArgs): Promise<ActionResult<ImportResult>> {
  const { key_type_label, ...body } = await jsonBody<ImportKeysRequest & { key_type_label?: string }>(request);
  try {
    const answer = await adminCall(request, (api) => api.api.keys["bulk-import"].$post({ json: body }));
    // The spec's success, then what went in and where: "7 Ngày: 2 key".
    toast.success(`${answer.message || "Keys imported successfully!"}\n${key_type_label ?? body.key_type}: ${formatNumber(answer.data.imported_count)} key`);
    return { ok: true, data: answer.data };
  } catch (error) {
    // Refused lines are listed under the form, and told only there.
    return keyActionFailure(error, request, "Thêm key thất bại", { shownInForm: true });
  }
}

/** How many weak codes the preview lists; the rest are counted. */
const WEAK_SHOWN = 50;

type WeakPreview = { codes: string[]; strong: string[]; warnings: string[] };

/** The text's guessable codes, as the server would warn of them (each code once), or null when there are none. */
function weakPreview(text: string): WeakPreview | null {
  const codes = [...new Set(text.split(/\r?\n/).map((line) => line.trim()).filter(Boolean))];
  const { short, sequential, warnings } = weakKeys(codes);
  if (warnings.length === 0) return null;
  const weak = new Set([...short, ...sequential]);
  return { codes: codes.filter((code) => weak.has(code)), strong: codes.filter((code) => !weak.has(code)), warnings };
}

export default function KeyImportRoute() {
  const { types, pricing } = useKeysData();
  const { appId: app = "" } = useParams();
  const [keyType, setKeyType] = useState(() => defaultImportType(types, pricing));
  const [batchName, setBatchName] = useState("");
  const [description, setDescription] = useState("");
  const [text, setTextValue] = useState("");
  // The guessable codes of the text as it was when "Thêm key" was pressed: shown until the admin chooses.
  const [weak, setWeak] = useState<WeakPreview | null>(null);
  const importing = useFetcher<typeof clientAction>();
  const busy = importing.state !== "idle";
  const answer = useFetcherAnswer(importing, (answer) => answer.ok && setText(""));
  const result = answer?.ok ? answer.data : null;
  const refusedLines = answer && !answer.ok ? (answer.errors?.keys_text ?? []) : [];
  // Any other field refused (no toast said it: told once, in the form).
  const refusedOther = answer && !answer.ok && answer.errors && refusedLines.length === 0 ? answer.error : null;
  const count = countKeyLines(text);

  function setText(value: string) {
    setTextValue(value);
    setWeak(null);
  }

  function send(keysText: string) {
    setWeak(null);
    const body: ImportKeysRequest = { app_url: app, batch_name: batchName.trim(), key_type: keyType, keys_text: keysText, description: description.trim(), skip_duplicates: true };
    const label = types.find((type) => type.name === keyType)?.display_name || keyType;
    importing.submit({ ...body, key_type_label: label }, { method: "post", encType: "application/json", flushSync: true });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (count === 0) {
      toast.error("Vui lòng nhập danh sách key!");
      return;
    }
    if (!app) {
      toast.error("Không tìm thấy ID ứng dụng!");
      return;
    }
    const preview = weakPreview(text);
    if (preview) setWeak(preview);
    else send(text);
  }

  return (
    <section aria-labelledby="import-heading" className={`${CARD} p-4 sm:p-6`}>
      <h2 id="import-heading" className="mb-4 text-lg font-bold text-white">
        Thêm key
      </h2>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="import-type" label="Loại key" required>
            <select id="import-type" className={`${SELECT_CLASS} w-full`} value={keyType} onChange={(event) => setKeyType(event.target.value)}>
              {types.map((type) => (
                <option key={type.name} value={type.name}>
                  {type.display_name || type.name}
                </option>
              ))}
            </select>
          </Field>
          <Field id="import-batch" label="Tên lô">
            <input id="import-batch" className={inputClass(false)} value={batchName} onChange={(event) => setBatchName(event.target.value)} maxLength={200} placeholder="Lô tháng này" />
          </Field>
        </div>
        <Field id="import-description" label="Mô tả">
          <input id="import-description" className={inputClass(false)} value={description} onChange={(event) => setDescription(event.target.value)} maxLength={1000} />
        </Field>
        <Field id="import-keys" label="Danh sách key (mỗi dòng một key)" required status={<span className="text-zinc-400" data-testid="key-line-count">{formatNumber(count)} key</span>}>
          <textarea
            id="import-keys"
            rows={10}
            spellCheck={false}
            className={`${inputClass(false)} font-mono text-sm`}
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-describedby="import-keys-status"
          />
        </Field>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={BUTTON_PRIMARY} disabled={busy}>
            {busy && <Spinner />}
            Thêm key
          </button>
        </div>
        {weak && (
          <Alert tone="warning" testId="weak-keys-preview" title="Cảnh báo: key dễ bị đoán (chưa nhập key nào)">
            <ul className="mt-1 list-disc space-y-1 pl-5">
              {weak.warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
            <p className="mt-2 text-xs text-amber-200">Các key yếu:</p>
            <ul className="mt-1 flex max-h-40 flex-wrap gap-1.5 overflow-y-auto" aria-label="Các key yếu">
              {weak.codes.slice(0, WEAK_SHOWN).map((code) => (
                <li key={code} className="rounded bg-black/30 px-1.5 py-0.5 font-mono text-xs break-all">
                  {code}
                </li>
              ))}
              {weak.codes.length > WEAK_SHOWN && <li className="px-1.5 py-0.5 text-xs">và {formatNumber(weak.codes.length - WEAK_SHOWN)} key khác</li>}
            </ul>
            <div className="mt-3 flex flex-wrap gap-2">
              <button type="button" className={BUTTON_PRIMARY} disabled={busy || weak.strong.length === 0} onClick={() => send(weak.strong.join("\n"))}>
                Bỏ qua các key yếu
              </button>
              <button type="button" disabled={busy} onClick={() => send(text)} className="rounded-lg border border-amber-400/40 px-4 py-2 text-sm font-semibold text-amber-100 hover:border-amber-300 disabled:opacity-50">
                Vẫn nhập
              </button>
            </div>
          </Alert>
        )}
        <Alert testId="import-refused" lines={refusedOther} />
        {refusedLines.length > 0 && (
          <Alert testId="import-refused-lines" title="Chưa nhập key nào. Hãy sửa hoặc bỏ:">
            <ul className="mt-1 max-h-60 list-disc space-y-1 overflow-y-auto pl-5 font-mono text-xs break-all">
              {refusedLines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </Alert>
        )}
        {result && (
          <div role="status" data-testid="import-result" className="rounded-xl border border-emerald-500/30 bg-emerald-950/30 px-4 py-3 text-sm text-emerald-100">
            Đã thêm {formatNumber(result.imported_count)} key, bỏ qua {formatNumber(result.skipped_count)} key trùng
            {result.invalid_count > 0 ? `, ${formatNumber(result.invalid_count)} key không hợp lệ` : ""}.
          </div>
        )}
        {result && result.warnings.length > 0 && (
          <Alert tone="warning" testId="import-warnings" title="Cảnh báo: key dễ bị đoán">
            <ul className="mt-1 list-disc space-y-1 pl-5">
              {result.warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          </Alert>
        )}
      </form>
    </section>
  );
}
