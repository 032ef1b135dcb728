import { Link } from "@remix-run/react";
import type { AppCardData } from "@workers/catalogue/catalogue";
import { useFormat } from "~/i18n/format";
import { useLocalePath } from "~/i18n/locale";
import { catalogueWords } from "~/i18n/vi/catalogue/catalogue";
import { useWords } from "~/i18n/words";
import { appName } from "~/catalogue/app-types";
import { AppIcon } from "../AppIcon";
import { TypeBadge } from "../TypeBadge";

/** `firstScreen`: the card is in view when the page opens (its icon loads with the page, AppIcon.tsx). */
export function AppCard({ app, now, firstScreen = false }: { app: AppCardData; now: number; firstScreen?: boolean }) {
  const words = useWords(catalogueWords);
  const format = useFormat();
  const to = useLocalePath();
  const name = appName(app, format.locale);
  return (
    <Link
      to={to(`/${app.url}`)}
      prefetch="intent"
      className="app-card group"
    >
      <div className="app-card-head">
        <AppIcon name={name} src={app.icon_url} variants={app.icon_variants} width={app.icon_width} firstScreen={firstScreen} />
        <div className="min-w-0 flex-1">
          <h2 className="app-card-name">{name}</h2>
          <p className="app-card-developer">{app.developer}</p>
          <div className="app-card-tags">
            <TypeBadge type={app.app_type} />
            {app.version && <span className="text-xs text-zinc-400">v{app.version}</span>}
          </div>
        </div>
      </div>
      <dl className="app-card-meta">
        <div>
          <dt className="sr-only">{words.size}</dt>
          <dd>{app.file_size ? format.fileSize(app.file_size) : "—"}</dd>
        </div>
        <div>
          <dt className="sr-only">{words.downloads}</dt>
          <dd>{words.downloadCount(app.download_count, format.number(app.download_count))}</dd>
        </div>
        <div>
          <dt className="sr-only">{words.updated}</dt>
          <dd>{format.appTime(app, now)}</dd>
        </div>
      </dl>
    </Link>
  );
}

/** A card's outline while the grid's next page loads (app/tailwind.css, .app-card-placeholder). */
export function AppCardPlaceholder() {
  return (
    <div className="app-card-placeholder" aria-hidden="true">
      <div className="app-card-head">
        <i className="h-16 w-16 rounded-2xl" />
        <div className="flex-1 space-y-2 pt-1">
          <i className="h-4 w-3/4" />
          <i className="h-3 w-1/2" />
          <i className="h-4 w-16 rounded-full" />
        </div>
      </div>
      <i className="h-3" />
    </div>
  );
}
