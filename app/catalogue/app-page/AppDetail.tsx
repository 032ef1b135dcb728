import { Link } from "@remix-run/react";
import { appDescription, appName, downloadButtonText } from "~/catalogue/app-types";
import { useFormat } from "~/i18n/format";
import { useLocale, useLocalePath } from "~/i18n/locale";
import { appPageWords } from "~/i18n/vi/catalogue/app-page";
import { catalogueWords } from "~/i18n/vi/catalogue/catalogue";
import { useWords } from "~/i18n/words";
import type { PublicApp } from "@workers/catalogue/catalogue";
import type { PublicPricing } from "@workers/licensing/keys";
import type { AppPause } from "@workers/licensing/app-pause";
import { AppIcon } from "../AppIcon";
import { KeyPurchase } from "../../money/purchase/KeyPurchase";
import { TrialSlot } from "../../licensing/TrialSlot";
import { SupportLinks } from "~/shell/SupportLinks";
import { TypeBadge } from "../TypeBadge";
import { Gallery } from "./Gallery";
import { toast } from "~/ui/toast";

const BUTTON = "inline-flex w-full items-center justify-center gap-2 rounded-2xl px-6 py-3.5 text-base font-bold shadow-lg transition sm:w-auto";

function DownloadButton({ app }: { app: PublicApp }) {
  const text = downloadButtonText(app.app_type, useLocale());
  const words = useWords(appPageWords);
  const icon = (
    <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" aria-hidden="true">
      <path d="M12 4v11m0 0-4-4m4 4 4-4M5 20h14" />
    </svg>
  );
  if (app.app_type === "testflight") {
    // The TestFlight action needs a TestFlight app with a link (docs/product.md §2).
    if (app.testflight_url) {
      return (
        <a href={app.testflight_url} target="_blank" rel="noopener noreferrer" className={`${BUTTON} bg-sky-600 text-white hover:bg-sky-500`}>
          {text}
        </a>
      );
    }
    return (
      <button type="button" onClick={() => toast.error(words.testFlightMissing)} className={`${BUTTON} bg-sky-600 text-white hover:bg-sky-500`}>
        {text}
      </button>
    );
  }
  const href = app.app_type === "itms-ipa" ? app.install_url : app.file_url;
  if (!href) {
    return (
      <button type="button" disabled className={`${BUTTON} cursor-not-allowed bg-zinc-800 text-zinc-400`}>
        {text}
      </button>
    );
  }
  return (
    <a href={href} className={`${BUTTON} bg-indigo-600 text-white hover:bg-indigo-500`} data-testid="download-button">
      {icon}
      {text}
    </a>
  );
}

/** A paused app's notice (issue 55 item 1): the shop's reason in the page's language. */
function PausedNotice({ pause }: { pause: AppPause }) {
  const words = useWords(appPageWords);
  const { locale } = useFormat();
  return (
    <section role="status" aria-label={words.paused} data-app-paused className="mt-8 rounded-2xl border border-amber-400/30 bg-amber-500/10 p-5 text-amber-100">
      <h2 className="text-lg font-bold">⏸ {words.paused}</h2>
      <p className="mt-1">{locale === "en" ? pause.reason_en : pause.reason}</p>
      <p className="mt-2 text-sm text-amber-200/80">{words.pausedKeys}</p>
    </section>
  );
}

export function AppDetail({ app, pricing, pause = null }: { app: PublicApp; pricing: PublicPricing[]; pause?: AppPause | null }) {
  const features = app.changelog
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const words = useWords(appPageWords);
  const facts = useWords(catalogueWords);
  const format = useFormat();
  const to = useLocalePath();
  const name = appName(app, format.locale);
  const description = appDescription(app, format.locale);
  return (
    <article className="mx-auto max-w-4xl px-4 py-6 sm:py-10">
      <nav aria-label={words.breadcrumb} className="mb-6 text-sm text-zinc-400">
        <ol className="flex flex-wrap items-center gap-2">
          <li>
            <Link to={to("/")} className="hover:text-white">
              {words.home}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="truncate text-zinc-300">
            {name}
          </li>
        </ol>
      </nav>

      <header className="flex flex-col gap-6 sm:flex-row sm:items-start">
        <AppIcon name={name} src={app.icon_url} variants={app.icon_variants} width={app.icon_width} size="lg" firstScreen />
        <div className="min-w-0 flex-1">
          <TypeBadge type={app.app_type} />
          <h1 className="mt-2 text-2xl font-black break-words text-white sm:text-3xl">{name}</h1>
          <p className="mt-1 text-zinc-400">{app.developer}</p>
          <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <div>
              <dt className="text-zinc-400">{words.version}</dt>
              <dd className="font-semibold text-white">{app.version || "—"}</dd>
            </div>
            <div>
              <dt className="text-zinc-400">{facts.downloads}</dt>
              <dd className="font-semibold text-white" data-testid="download-count">
                {format.number(app.download_count)}
              </dd>
            </div>
            <div>
              <dt className="text-zinc-400">{facts.updated}</dt>
              <dd className="font-semibold text-white">{format.date(app.updated_at || app.created_at)}</dd>
            </div>
            {app.file_size ? (
              <div>
                <dt className="text-zinc-400">{facts.size}</dt>
                <dd className="font-semibold text-white">{format.fileSize(app.file_size)}</dd>
              </div>
            ) : null}
            <div>
              <dt className="text-zinc-400">{words.minimumIos}</dt>
              <dd className="font-semibold text-white">{app.minimum_os_version}</dd>
            </div>
          </dl>
          <div className="mt-6">
            <DownloadButton app={app} />
          </div>
        </div>
      </header>

      {description && (
        <section aria-labelledby="description-heading" className="mt-10">
          <h2 id="description-heading" className="mb-3 text-lg font-bold text-white">
            {words.description}
          </h2>
          <p className="leading-relaxed whitespace-pre-line text-zinc-300">{description}</p>
        </section>
      )}

      {features.length > 0 && (
        <section aria-labelledby="features-heading" className="mt-10">
          <h2 id="features-heading" className="mb-3 text-lg font-bold text-white">
            {words.features}
          </h2>
          <ul className="space-y-2">
            {features.map((feature, index) => (
              <li key={index} className="flex gap-3 text-zinc-300">
                <span className="mt-0.5 text-emerald-400" aria-hidden="true">
                  ✓
                </span>
                <span>{feature.replace(/^[-*•]\s*/, "")}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <Gallery items={app.screenshots} appName={name} />
      {/* Keyed by app: moving to another app page starts a fresh choice. */}
      {pause && <PausedNotice pause={pause} />}
      <KeyPurchase key={app.id} app={app} pricing={pricing} />
      <TrialSlot key={`trial-${app.id}`} appId={app.id} hours={app.trial_hours} />

      <section aria-labelledby="support-heading" className="mt-10 rounded-2xl border border-white/5 bg-zinc-900/70 p-5">
        <h2 id="support-heading" className="text-lg font-bold text-white">
          {words.support}
        </h2>
        <p className="mt-1 text-sm text-zinc-400">{words.supportIntro}</p>
        <SupportLinks className="mt-4" />
      </section>
    </article>
  );
}
