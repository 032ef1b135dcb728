// Lighthouse (mobile profile: Moto G Power-class phone, slow 4G and 4× CPU slowdown, simulated)
// for performance and accessibility, in Debian's Chromium. Each page runs `runs` times and the
// run with the median performance score is kept, since one run on a shared machine is noisy.
// Each run gets a fresh Chromium, as the Lighthouse CLI does.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const METRICS = {
  "first-contentful-paint": "FCP",
  "largest-contentful-paint": "LCP",
  "total-blocking-time": "TBT",
  "cumulative-layout-shift": "CLS",
  "speed-index": "SI",
};

/** What cost points: audits of the category with weight that did not fully pass. */
function lostPoints(lhr, categoryId) {
  const category = lhr.categories[categoryId];
  const totalWeight = category.auditRefs.reduce((sum, ref) => sum + ref.weight, 0);
  return category.auditRefs
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
    .map((ref) => {
      const audit = lhr.audits[ref.id];
      // For accessibility, the offending elements say what to fix.
      const elements = (audit.details?.items ?? [])
        .filter((item) => item.node?.snippet)
        .slice(0, 3)
        .map((item) => [item.node.snippet, item.node.explanation?.split("\n")[1]?.trim()].filter(Boolean).join(": "));
      return { id: ref.id, title: audit.title, score: audit.score, displayValue: audit.displayValue ?? "", elements, lost: Math.round(((1 - audit.score) * ref.weight * 100) / totalWeight * 10) / 10 };
    })
    .sort((a, b) => b.lost - a.lost);
}

/** Opportunities and diagnostics of the performance category that flag something (no weight, but they say why). */
function hints(lhr) {
  return Object.values(lhr.audits)
    .filter((audit) => ["opportunity", "table"].includes(audit.details?.type) && audit.score !== null && audit.score < 0.9 && audit.displayValue)
    .map((audit) => ({ id: audit.id, title: audit.title, displayValue: audit.displayValue }));
}

const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/**
 * A signed-in page (the store keeps its session in localStorage): the entries are written on the
 * page's origin in the run's Chromium, its HTTP cache is emptied, and Lighthouse is told to keep
 * storage, so the run is still a cold load, now with the session.
 */
async function putStorage(chrome, url, entries) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const [context] = browser.contexts();
    const page = await context.newPage();
    await page.goto(new URL("/robots.txt", url).href);
    await page.evaluate((pairs) => {
      for (const [key, value] of Object.entries(pairs)) localStorage.setItem(key, value);
    }, entries);
    await (await context.newCDPSession(page)).send("Network.clearBrowserCache");
    await page.close();
  } finally {
    await browser.close();
  }
}

/** One Lighthouse run in a fresh Chromium; a run that fails to record (it happens on a busy machine) is tried again. */
async function runOnce(url, chromePath, localStorage, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
    try {
      if (localStorage) await putStorage(chrome, url, localStorage);
      const result = await lighthouse(url, { port: chrome.port, output: "html", logLevel: "error", onlyCategories: ["performance", "accessibility"], disableStorageReset: Boolean(localStorage) });
      if (!result?.lhr.runtimeError) return result;
      if (attempt >= attempts) throw new Error(`Lighthouse could not load ${url}: ${result.lhr.runtimeError.code}`);
    } catch (error) {
      if (attempt >= attempts) throw error;
    } finally {
      await chrome.kill();
    }
  }
}

/** `pages`: { name, url, localStorage? } — localStorage (key → string) for a page that needs a signed-in user. */
export async function lighthouseScores(pages, { chromePath = "/usr/bin/chromium", runs = 3, saveTo, log = console.log } = {}) {
  const results = [];
  for (const { name, url, localStorage } of pages) {
    const attempts = [];
    for (let run = 0; run < runs; run++) {
      const { lhr, report } = await runOnce(url, chromePath, localStorage);
      attempts.push({ lhr, report });
      log(`  Lighthouse ${name} run ${run + 1}/${runs}: performance ${Math.round(lhr.categories.performance.score * 100)}, accessibility ${Math.round(lhr.categories.accessibility.score * 100)}`);
    }
    attempts.sort((a, b) => a.lhr.categories.performance.score - b.lhr.categories.performance.score);
    const { lhr, report } = attempts[Math.floor(attempts.length / 2)];
    const file = saveTo ? `lighthouse-${name.replace(/\W+/g, "-").toLowerCase()}.html` : null;
    if (file) writeFileSync(join(saveTo, file), report);
    results.push({
      name,
      url,
      performance: Math.round(lhr.categories.performance.score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      allPerformance: attempts.map((attempt) => Math.round(attempt.lhr.categories.performance.score * 100)),
      metrics: Object.fromEntries(Object.entries(METRICS).map(([id, label]) => [label, lhr.audits[id]?.displayValue ?? "—"])),
      lost: { performance: lostPoints(lhr, "performance"), accessibility: lostPoints(lhr, "accessibility") },
      hints: hints(lhr),
      mainThread: (lhr.audits["mainthread-work-breakdown"]?.details?.items ?? []).slice(0, 4).map((item) => `${item.groupLabel} ${(item.duration / 1000).toFixed(1)} s`),
      benchmarkIndex: lhr.environment?.benchmarkIndex,
      file,
    });
  }
  return results;
}
