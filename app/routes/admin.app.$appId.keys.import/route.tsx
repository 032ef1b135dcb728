// /admin/app/{appId}/keys/import: the add-keys tab (docs/product.md §2, §5 "Add keys"): one key per line,
// blank lines ignored, duplicates skipped by the server; the result says how many went in and
// how many were skipped. The import goes through clientAction; the pricing stock reloads after it.
import { type ClientActionFunctionArgs, useFetcher, useParams } from "@remix-run/react";
import { type FormEvent, useState } from "react";
import { BUTTON_PRIMARY, CARD, SELECT_CLASS } from "~/components/admin/AdminShell";
import { Field, inputClass } from "~/components/Field";
import { Spinner } from "~/components/Spinner";
import { countKeyLines } from "~/lib/admin";
import { useFetcherAnswer } from "~/lib/fetcher-answer";
import { type ActionResult, adminCall, jsonBody } from "~/lib/admin-route";
import { formatNumber } from "@workers/shared/format";
import { toast } from "~/lib/toast";
import type { ImportKeysRequest } from "@workers/licensing/schemas/keys";
import type { ImportedKeys } from "@workers/licensing/key-admin";
import { keyActionFailure, useKeysData } from "../admin.app.$appId.keys/data";

// warnings: codes that look guessable (short or sequential); imported all the same.
type ImportResult = ImportedKeys;

export async function clientAction({ request }: ClientActionFunctionArgs): Promise<ActionResult<ImportResult>> {
  const body = await jsonBody<ImportKeysRequest>(request);
  try {
    const answer = await adminCall(request, (api) => api.api.keys["bulk-import"].$post({ json: body }));
    toast.success(answer.message || "Keys imported successfully!");
    return { ok: true, data: answer.data };
  } catch (error) {
    return keyActionFailure(error, request, "Thêm key thất bại");
  }
}

export default function KeyImportRoute() {
  const { types } = useKeysData();
  const { appId: app = "" } = useParams();
  const [keyType, setKeyType] = useState(types.find((type) => type.name === "1day")?.name ?? types[0]?.name ?? "1day");
  const [batchName, setBatchName] = useState("");
  const [description, setDescription] = useState("");
  const [text, setText] = useState("");
  const importing = useFetcher<typeof clientAction>();
  const busy = importing.state !== "idle";
  const answer = useFetcherAnswer(importing, (answer) => answer.ok && setText(""));
  const result = answer?.ok ? answer.data : null;
  const count = countKeyLines(text);

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
    const body: ImportKeysRequest = { app_url: app, batch_name: batchName.trim(), key_type: keyType, keys_text: text, description: description.trim(), skip_duplicates: true };
    importing.submit(body, { method: "post", encType: "application/json", flushSync: true });
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
        {result && (
          <div role="status" data-testid="import-result" className="rounded-xl border border-emerald-500/30 bg-emerald-950/30 px-4 py-3 text-sm text-emerald-100">
            Đã thêm {formatNumber(result.imported_count)} key, bỏ qua {formatNumber(result.skipped_count)} key trùng
            {result.invalid_count > 0 ? `, ${formatNumber(result.invalid_count)} key không hợp lệ` : ""}.
          </div>
        )}
        {result && result.warnings.length > 0 && (
          <div role="alert" data-testid="import-warnings" className="rounded-xl border border-amber-500/30 bg-amber-950/30 px-4 py-3 text-sm text-amber-100">
            <p className="font-semibold">Cảnh báo: key dễ bị đoán</p>
            <ul className="mt-1 list-disc space-y-1 pl-5">
              {result.warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          </div>
        )}
      </form>
    </section>
  );
}
