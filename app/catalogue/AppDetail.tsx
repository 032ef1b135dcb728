import { Link } from "@remix-run/react";
import { useState } from "react";
import { appDescription, appName, downloadButtonText } from "~/catalogue/app-types";
import { useFormat } from "~/i18n/format";
import { useLocale, useLocalePath } from "~/i18n/locale";
import { appPageWords } from "~/i18n/vi/catalogue/app-page";
import { catalogueWords } from "~/i18n/vi/catalogue/catalogue";
import { useWords } from "~/i18n/words";
import { imageSrc, imageSrcSet } from "@workers/shared/image-variants";
import type { PublicApp, Screenshot } from "@workers/catalogue/catalogue";
import type { PublicPricing } from "@workers/licensing/keys";
import { AppIcon } from "./AppIcon";
import { KeyPurchase } from "../money/purchase/KeyPurchase";
import { lazyDialog } from "../ui/LazyDialog";
import { SupportLinks } from "./SupportLinks";
import { TypeBadge } from "./TypeBadge";

// The full-screen viewer is loaded when first opened: the app page's first load stays light.
const MediaViewer = lazyDialog(() => import("./MediaViewer").then((module) => module.MediaViewer));

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
      <button type="button" onClick={() => window.alert(words.testFlightMissing)} className={`${BUTTON} bg-sky-600 text-white hover:bg-sky-500`}>
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

/** The thumbnail's box (h-24 w-14) and the main image's usual width, in CSS pixels. */
const THUMB_SHOWN_PX = { width: 56, height: 96 };
const MAIN_SHOWN_PX = 360;

/** How wide the main image is shown, for its srcset: as mainBox below says (the column, 70vh of height, the image). */
function mainSizes(shot: Screenshot): string | undefined {
  if (!shot.variants.length) return undefined;
  if (!shot.width || !shot.height) return "(max-width: 896px) calc(100vw - 3rem), 848px";
  const byHeight = `${((70 * shot.width) / shot.height).toFixed(2)}vh`;
  return `(max-width: 896px) min(calc(100vw - 3rem), ${byHeight}), min(848px, ${byHeight})`;
}

/**
 * The main image's box, sized before the image arrives (no layout shift): as wide as the column,
 * 70vh of height and the image itself allow; its height follows from width and height. Unknown sizes
 * (images stored before migrations/0017) keep the image's own.
 */
function mainBox(shot: Screenshot): { width: string } | undefined {
  if (!shot.width || !shot.height) return undefined;
  return { width: `min(100%, ${((70 * shot.width) / shot.height).toFixed(2)}vh, ${shot.width}px)` };
}

/** A thumbnail covers its 56×96 box: a wide image is drawn 96 px high, so wider than the box. */
function thumbSizes(shot: Screenshot): string | undefined {
  if (!shot.variants.length) return undefined;
  const ratio = shot.width && shot.height ? shot.width / shot.height : 0;
  return `${Math.max(THUMB_SHOWN_PX.width, Math.ceil(THUMB_SHOWN_PX.height * ratio))}px`;
}

function Gallery({ items, appName }: { items: Screenshot[]; appName: string }) {
  const [selected, setSelected] = useState(0);
  // The viewer's own position: the page keeps its choice, so focus can go back to the image that opened it.
  const [viewing, setViewing] = useState<number | null>(null);
  const words = useWords(appPageWords);
  if (items.length === 0) return null;
  const current = items[Math.min(selected, items.length - 1)];
  return (
    <section aria-labelledby="gallery-heading" className="mt-10">
      <h2 id="gallery-heading" className="mb-4 text-lg font-bold text-white">
        {words.media}
      </h2>
      <div className="flex justify-center overflow-hidden rounded-2xl border border-white/5 bg-black/40 p-2">
        {current.media_type === "video" ? (
          <video key={current.id} src={current.url} controls playsInline preload="metadata" className="max-h-[70vh] rounded-xl">
            <track kind="captions" />
          </video>
        ) : (
          // The button lies over the image rather than around it, so the image keeps its own name.
          <div className="relative" style={mainBox(current)}>
            <img
              key={current.id}
              src={imageSrc(current.url, current.variants, MAIN_SHOWN_PX)}
              srcSet={imageSrcSet(current.url, current.variants, current.width)}
              sizes={mainSizes(current)}
              width={current.width ?? undefined}
              height={current.height ?? undefined}
              alt={words.imageOf(appName, selected + 1)}
              className={`max-h-[70vh] rounded-xl object-contain${current.width && current.height ? " w-full" : ""}`}
            />
            <button type="button" onClick={() => setViewing(Math.min(selected, items.length - 1))} className="absolute inset-0 cursor-zoom-in rounded-xl" aria-label={words.viewFullScreen} />
          </div>
        )}
      </div>
      {viewing !== null && <MediaViewer items={items} appName={appName} index={viewing} onIndex={setViewing} onClose={() => setViewing(null)} />}
      {items.length > 1 && (
        <ul className="mt-3 flex gap-2 overflow-x-auto pb-2" aria-label={words.thumbnails}>
          {items.map((item, index) => (
            <li key={item.id} className="shrink-0">
              <button
                type="button"
                onClick={() => setSelected(index)}
                aria-label={(item.media_type === "video" ? words.thumbnailVideo : words.thumbnailImage)(index + 1)}
                aria-current={index === selected}
                className={`relative block h-24 w-14 overflow-hidden rounded-lg ring-2 ${index === selected ? "ring-indigo-400" : "ring-transparent opacity-70 hover:opacity-100"}`}
              >
                {item.media_type === "video" ? (
                  <>
                    {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: a thumbnail without controls, inside the button that is the control. */}
                    <video src={`${item.url}#t=0.5`} muted preload="metadata" playsInline className="h-full w-full object-cover" aria-hidden="true" />
                    <span className="absolute inset-0 flex items-center justify-center bg-black/40 text-white" aria-hidden="true">
                      ▶
                    </span>
                  </>
                ) : (
                  <img
                    src={imageSrc(item.url, item.variants, THUMB_SHOWN_PX.width)}
                    srcSet={imageSrcSet(item.url, item.variants, item.width)}
                    sizes={thumbSizes(item)}
                    width={THUMB_SHOWN_PX.width}
                    height={THUMB_SHOWN_PX.height}
                    alt=""
                    loading="lazy"
                    className="h-full w-full object-cover"
                  />
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function AppDetail({ app, pricing }: { app: PublicApp; pricing: PublicPricing[] }) {
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
      <KeyPurchase key={app.id} app={app} pricing={pricing} />

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
