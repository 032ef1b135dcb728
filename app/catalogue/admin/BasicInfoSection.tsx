// The app form's first section: name (and its English), url slug, version, developer and type.
import { Field } from "~/ui/Field";
import { inputClass } from "~/ui/input-class";
import { APP_TYPES, MAX_LENGTHS, normaliseSlug } from "@workers/shared/catalogue/app-form-fields";
import { appTypeLabel } from "~/catalogue/app-types";
import { SELECT_CLASS } from "../../owner/AdminShell";
import { FIELD_LABELS, type FieldErrors, type TextFields } from "./fields";
import { Section } from "./parts";

export function BasicInfoSection({
  fields,
  errors,
  onField,
  onSlugTyped,
  onTypeChange,
}: {
  fields: TextFields;
  errors: FieldErrors;
  onField: (name: keyof TextFields, value: string) => void;
  onSlugTyped: (slug: string) => void;
  onTypeChange: (type: string) => void;
}) {
  return (
    <Section title="Thông tin cơ bản">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="app-name" label={FIELD_LABELS.name} required errors={errors.name}>
          <input id="app-name" name="name" className={inputClass(Boolean(errors.name?.length))} value={fields.name} onChange={(e) => onField("name", e.target.value)} maxLength={MAX_LENGTHS.name} />
        </Field>
        <Field id="app-name-en" label={FIELD_LABELS.name_en} errors={errors.name_en} hint="Hiển thị ở bản tiếng Anh (/en/). Để trống để dùng tên tiếng Việt.">
          <input id="app-name-en" name="name_en" lang="en" className={inputClass(Boolean(errors.name_en?.length))} value={fields.name_en} onChange={(e) => onField("name_en", e.target.value)} maxLength={MAX_LENGTHS.name} />
        </Field>
        <Field id="app-url" label={FIELD_LABELS.url} required errors={errors.url} hint="Chỉ chữ thường a-z, số, dấu gạch ngang và gạch dưới">
          <input
            id="app-url"
            name="url"
            className={inputClass(Boolean(errors.url?.length))}
            value={fields.url}
            onChange={(e) => onSlugTyped(normaliseSlug(e.target.value))}
            maxLength={MAX_LENGTHS.url}
            autoCapitalize="none"
            spellCheck={false}
          />
        </Field>
        <Field id="app-version" label={FIELD_LABELS.version} required errors={errors.version}>
          <input id="app-version" name="version" className={inputClass(Boolean(errors.version?.length))} value={fields.version} onChange={(e) => onField("version", e.target.value)} maxLength={MAX_LENGTHS.version} />
        </Field>
        <Field id="app-developer" label={FIELD_LABELS.developer} errors={errors.developer}>
          <input id="app-developer" name="developer" className={inputClass(false)} value={fields.developer} onChange={(e) => onField("developer", e.target.value)} maxLength={MAX_LENGTHS.developer} />
        </Field>
        <Field id="app-type" label={FIELD_LABELS.app_type} required errors={errors.app_type}>
          <select
            id="app-type"
            name="app_type"
            className={`${SELECT_CLASS} w-full`}
            value={fields.app_type}
            onChange={(e) => onTypeChange(e.target.value)}
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
  );
}
