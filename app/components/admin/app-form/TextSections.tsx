// The app form's long texts: the description and the changelog (one feature per line).
import { Field, inputClass } from "~/components/Field";
import { FIELD_LABELS, type FieldErrors, type TextFields } from "./fields";
import { Section } from "./parts";

export function TextSections({ fields, errors, onField }: { fields: TextFields; errors: FieldErrors; onField: (name: keyof TextFields, value: string) => void }) {
  return (
    <>
      <Section title="Mô tả">
        <Field id="app-description" label={FIELD_LABELS.description} required errors={errors.description}>
          <textarea id="app-description" name="description" rows={5} className={inputClass(Boolean(errors.description?.length))} value={fields.description} onChange={(e) => onField("description", e.target.value)} />
        </Field>
      </Section>

      <Section title="Changelog">
        <Field id="app-changelog" label={FIELD_LABELS.changelog} hint="Mỗi dòng là một tính năng trên trang ứng dụng">
          <textarea id="app-changelog" name="changelog" rows={5} className={inputClass(false)} value={fields.changelog} onChange={(e) => onField("changelog", e.target.value)} />
        </Field>
      </Section>
    </>
  );
}
