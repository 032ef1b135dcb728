// The app form's text fields: their labels, their starting values (create or edit), and the
// edit page's summary of what saving would change.
import { appTypeLabel } from "~/catalogue/app-types";
import type { AdminApp } from "@workers/catalogue/app-admin";

export type TextFields = {
  name: string;
  url: string;
  version: string;
  developer: string;
  app_type: string;
  description: string;
  changelog: string;
  itms_url: string;
  testflight_url: string;
  /** What the key check tells the mod (docs/licensing.md): blank clears. */
  min_version: string;
  announcement: string;
  /** The English edition's name and description (/en/): blank shows the Vietnamese ones there. */
  name_en: string;
  description_en: string;
};

export type FieldErrors = Record<string, string[]>;

export const FIELD_LABELS: Record<keyof TextFields, string> = {
  name: "Tên ứng dụng",
  url: "Đường dẫn (url)",
  version: "Phiên bản",
  developer: "Nhà phát triển",
  app_type: "Loại ứng dụng",
  description: "Mô tả",
  changelog: "Thay đổi / tính năng",
  itms_url: "ITMS URL",
  testflight_url: "TestFlight URL",
  min_version: "Phiên bản tối thiểu",
  announcement: "Thông báo cho mod",
  name_en: "Tên tiếng Anh (không bắt buộc)",
  description_en: "Mô tả tiếng Anh (không bắt buộc)",
};

/** The create form's defaults (docs/product.md §3: developer defaults to the product's name). */
export function emptyFields(siteName: string): TextFields {
  return { name: "", url: "", version: "", developer: siteName, app_type: "ipa", description: "", changelog: "", itms_url: "", testflight_url: "", min_version: "", announcement: "", name_en: "", description_en: "" };
}

export function fieldsOf(app: AdminApp): TextFields {
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
    min_version: app.min_version ?? "",
    announcement: app.announcement ?? "",
    name_en: app.name_en ?? "",
    description_en: app.description_en ?? "",
  };
}

/** The edit page's summary of what saving would change. */
export function pendingChanges(app: AdminApp | undefined, initial: TextFields, fields: TextFields, files: { pkg: File | null; icon: File | null; media: File[]; removed: number }): string[] {
  if (!app) return [];
  const lines = (Object.keys(FIELD_LABELS) as (keyof TextFields)[])
    .filter((name) => fields[name].trim() !== initial[name].trim())
    .map((name) => (name === "app_type" ? `${FIELD_LABELS.app_type}: ${appTypeLabel(initial.app_type)} → ${appTypeLabel(fields.app_type)}` : `${FIELD_LABELS[name]} đã sửa`));
  if (files.pkg) lines.push(`Tệp mới: ${files.pkg.name}`);
  if (files.icon) lines.push("Biểu tượng mới");
  if (files.media.length) lines.push(`Thêm ${files.media.length} media`);
  if (files.removed) lines.push(`Xóa ${files.removed} media`);
  return lines;
}
