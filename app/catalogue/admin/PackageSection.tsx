// The app form's package section: the TestFlight link, or the package file (read in the browser
// when chosen) with the ITMS link as the alternative for itms-ipa.
import type { RefObject } from "react";
import { Field } from "~/ui/Field";
import { inputClass } from "~/ui/input-class";
import { Spinner } from "~/ui/Spinner";
import { packageAccept, packageHint } from "@workers/shared/catalogue/app-form-fields";
import { formatFileSize } from "@workers/shared/format";
import type { AdminApp } from "@workers/catalogue/app-admin";
import { FIELD_LABELS, type FieldErrors, type TextFields } from "./fields";
import { FILE_INPUT, Section } from "./parts";

export function PackageSection({
  mode,
  app,
  fields,
  errors,
  onField,
  pkg,
  reading,
  keepsPackage,
  inputRef,
  onPackage,
}: {
  mode: "create" | "edit";
  app?: AdminApp;
  fields: TextFields;
  errors: FieldErrors;
  onField: (name: keyof TextFields, value: string) => void;
  pkg: File | null;
  reading: boolean;
  keepsPackage: boolean;
  inputRef: RefObject<HTMLInputElement>;
  onPackage: (file: File | null) => void;
}) {
  const type = fields.app_type;
  return (
    <Section title={mode === "edit" ? "Cập nhật tệp / liên kết" : "Tệp ứng dụng / liên kết"}>
      {type === "testflight" ? (
        <Field id="app-testflight" label={FIELD_LABELS.testflight_url} required errors={errors.testflight_url}>
          <input id="app-testflight" name="testflight_url" type="url" inputMode="url" className={inputClass(Boolean(errors.testflight_url?.length))} value={fields.testflight_url} onChange={(e) => onField("testflight_url", e.target.value)} placeholder="https://testflight.apple.com/join/..." />
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
            <input ref={inputRef} id="app-file" name="file" type="file" accept={packageAccept(type)} className={FILE_INPUT} onChange={(e) => onPackage(e.target.files?.[0] ?? null)} />
          </Field>
          {type === "itms-ipa" && !pkg && (
            <Field id="app-itms" label={FIELD_LABELS.itms_url} errors={errors.itms_url} hint="Hoặc nhập liên kết itms-services:// có sẵn">
              <input id="app-itms" name="itms_url" type="url" className={inputClass(Boolean(errors.itms_url?.length))} value={fields.itms_url} onChange={(e) => onField("itms_url", e.target.value)} placeholder="itms-services://?action=download-manifest&url=..." />
            </Field>
          )}
        </div>
      )}
    </Section>
  );
}
