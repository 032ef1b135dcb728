// The app form's icon: the chosen (or current) icon beside its file input.
import { Field } from "~/ui/Field";
import { ICON_ACCEPT, ICON_HINT } from "@workers/shared/catalogue/app-form-fields";
import { FIELD_LABELS } from "@workers/shared/refusals/words";
import type { FieldErrors } from "./fields";
import { FILE_INPUT, Section } from "./parts";

export function IconSection({ mode, errors, shown, onIcon }: { mode: "create" | "edit"; errors: FieldErrors; shown: string | null; onIcon: (file: File | null) => void }) {
  return (
    <Section title={FIELD_LABELS.icon}>
      <div className="flex items-start gap-4">
        {shown && <img src={shown} alt="" className="h-16 w-16 shrink-0 rounded-2xl object-cover ring-1 ring-white/10" />}
        <div className="min-w-0 flex-1">
          <Field id="app-icon" label={FIELD_LABELS.icon} required={mode === "create"} errors={errors.icon} hint={mode === "edit" ? `${ICON_HINT} · Để trống để giữ biểu tượng hiện tại` : ICON_HINT}>
            <input id="app-icon" name="icon" type="file" accept={ICON_ACCEPT} className={FILE_INPUT} onChange={(e) => onIcon(e.target.files?.[0] ?? null)} />
          </Field>
        </div>
      </div>
    </Section>
  );
}
