// The app form's long texts: the description (and its English) and the changelog (one feature per line), and what
// the key check tells the mod (docs/licensing.md): the lowest supported version and a short note.
import { Field } from "~/ui/Field";
import { inputClass } from "~/ui/input-class";
import { MAX_LENGTHS } from "@workers/shared/catalogue/app-form-fields";
import { FIELD_LABELS, type FieldErrors, type TextFields } from "./fields";
import { Section } from "./parts";

export function TextSections({ fields, errors, onField }: { fields: TextFields; errors: FieldErrors; onField: (name: keyof TextFields, value: string) => void }) {
  return (
    <>
      <Section title="Mô tả">
        <Field id="app-description" label={FIELD_LABELS.description} required errors={errors.description}>
          <textarea id="app-description" name="description" rows={5} className={inputClass(Boolean(errors.description?.length))} value={fields.description} onChange={(e) => onField("description", e.target.value)} />
        </Field>
        <Field id="app-description-en" label={FIELD_LABELS.description_en} errors={errors.description_en} hint="Hiển thị ở bản tiếng Anh (/en/). Để trống để dùng mô tả tiếng Việt.">
          <textarea id="app-description-en" name="description_en" lang="en" rows={5} maxLength={MAX_LENGTHS.description} className={inputClass(Boolean(errors.description_en?.length))} value={fields.description_en} onChange={(e) => onField("description_en", e.target.value)} />
        </Field>
      </Section>

      <Section title="Nhật ký thay đổi">
        <Field id="app-changelog" label={FIELD_LABELS.changelog} hint="Mỗi dòng là một tính năng trên trang ứng dụng" errors={errors.changelog}>
          <textarea id="app-changelog" name="changelog" rows={5} className={inputClass(Boolean(errors.changelog?.length))} value={fields.changelog} onChange={(e) => onField("changelog", e.target.value)} />
        </Field>
      </Section>

      <Section title="Kiểm tra key">
        <div className="grid gap-4">
          <Field id="app-min-version" label={FIELD_LABELS.min_version} hint="Bản mod thấp hơn sẽ được báo cần cập nhật. Để trống nếu không yêu cầu." errors={errors.min_version}>
            <input id="app-min-version" name="min_version" inputMode="decimal" maxLength={MAX_LENGTHS.version} className={inputClass(Boolean(errors.min_version?.length))} value={fields.min_version} onChange={(e) => onField("min_version", e.target.value)} placeholder="1.2.0" />
          </Field>
          <Field id="app-announcement" label={FIELD_LABELS.announcement} hint={`Mod hiển thị khi kiểm tra key, tối đa ${MAX_LENGTHS.announcement} ký tự (${fields.announcement.trim().length}/${MAX_LENGTHS.announcement}). Để trống để xóa.`} errors={errors.announcement}>
            <textarea id="app-announcement" name="announcement" rows={3} maxLength={MAX_LENGTHS.announcement} className={inputClass(Boolean(errors.announcement?.length))} value={fields.announcement} onChange={(e) => onField("announcement", e.target.value)} />
          </Field>
        </div>
      </Section>
    </>
  );
}
