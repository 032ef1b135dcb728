// The add-keys tab (spec §2, §5 "Add keys"): one key per line, blank lines ignored, duplicates
// skipped by the server; the result says how many went in and how many were skipped.
import { type FormEvent, useEffect, useState } from "react";
import { Field, inputClass } from "~/components/Field";
import { Spinner } from "~/components/Spinner";
import { countKeyLines, type KeyTypeOption } from "~/lib/admin";
import { ApiError, apiFetch } from "~/lib/api";
import { formatNumber } from "../../../workers/shared/format";
import { toast } from "~/lib/toast";
import { BUTTON_PRIMARY, CARD, SELECT_CLASS, useAdminError } from "./AdminShell";

type ImportResult = { imported_count: number; skipped_count: number; invalid_count: number; total_lines: number; duration_ms: number };

export function KeyImportTab({ app, types, onImported }: { app: string; types: KeyTypeOption[]; onImported: () => void }) {
  const [keyType, setKeyType] = useState(types[0]?.name ?? "1day");
  const [batchName, setBatchName] = useState("");
  const [description, setDescription] = useState("");
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const handleError = useAdminError();
  const count = countKeyLines(text);

  useEffect(() => {
    if (!types.some((type) => type.name === keyType) && types[0]) setKeyType(types.find((type) => type.name === "1day")?.name ?? types[0].name);
  }, [types, keyType]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (count === 0) {
      toast.error("Vui lòng nhập danh sách key!");
      return;
    }
    if (!app) {
      toast.error("Không tìm thấy ID ứng dụng!");
      return;
    }
    setBusy(true);
    setResult(null);
    try {
      const body = await apiFetch<{ message?: string; data: ImportResult }>("/api/keys/bulk-import/", {
        method: "POST",
        auth: true,
        body: { app_url: app, batch_name: batchName.trim(), key_type: keyType, keys_text: text, description: description.trim(), skip_duplicates: true },
      });
      setResult(body.data);
      toast.success(body.message || "Keys imported successfully!");
      setText("");
      onImported();
    } catch (error) {
      const detailed = error instanceof ApiError && error.status !== 0 && error.status < 500;
      handleError(error, "Thêm key thất bại", detailed ? (message) => `Lỗi khi thêm keys: ${message}` : undefined);
    } finally {
      setBusy(false);
    }
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
      </form>
    </section>
  );
}
