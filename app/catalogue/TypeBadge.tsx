import { appTypeBadgeClass, appTypeLabel } from "~/catalogue/app-types";

export function TypeBadge({ type }: { type: string }) {
  return (
    <span data-type={type} className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${appTypeBadgeClass(type)}`}>
      {appTypeLabel(type)}
    </span>
  );
}
