import { appTypeBadgeClass, appTypeLabel } from "~/catalogue/app-types";

export function TypeBadge({ type }: { type: string }) {
  return (
    <span data-type={type} className={`type-badge ${appTypeBadgeClass(type)}`}>
      {appTypeLabel(type)}
    </span>
  );
}
