import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ROUTES } from '@postlark/shared/routes';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { measureBundle } from './bundle-size';
import { baseEnv, freePort, startChildServer, tempDataDir } from './child-server';

/**
 * Lighthouse 12 (the npm package) against Debian's Chromium, as a new visitor on a phone sees the
 * public pages: Lighthouse's default mobile emulation and simulated throttling, three runs per
 * page, medians reported. The server is apps/api/src/server.ts serving the built web app.
 */

export const LIGHTHOUSE = { runs: 3, pages: [ROUTES.landing, ROUTES.faq, ROUTES.login] } as const;
export const LIGHTHOUSE_TARGETS = { landingPerformance: 0.95, lcpMs: 2_000, cls: 0.05, tbtMs: 100, otherScores: 1 } as const;

// The browser tests' Chromium and flags (e2e/chromium.ts), headless.
const CHROMIUM_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export interface PageFigures {
  page: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Audits under 1 on the median run's categories other than performance, to say what costs. */
  failing: string[];
}

export interface LighthouseReport {
  pages: PageFigures[];
  landingInitialJsGzip: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

export async function measureLighthouse(repoRoot: string, log: (line: string) => void): Promise<LighthouseReport> {
  const data = await tempDataDir();
  const port = await freePort();
  const server = await startChildServer({
    name: 'lighthouse-server',
    args: ['apps/api/src/server.ts'],
    cwd: repoRoot,
    env: { ...baseEnv(), HOST: '127.0.0.1', PORT: String(port), DATA_DIR: data.dir, LOG_LEVEL: 'warn' },
    port,
    readiness: { method: 'GET', path: '/api/health' },
  });
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
  try {
    const pages: PageFigures[] = [];
    for (const page of LIGHTHOUSE.pages) {
      const runs: PageFigures[] = [];
      for (let run = 1; run <= LIGHTHOUSE.runs; run += 1) {
        const result = await lighthouse(`${server.url}${page}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
        if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
        const { lhr } = result;
        if (lhr.runtimeError) throw new Error(`Lighthouse on ${page}: ${lhr.runtimeError.message}`);
        const score = (category: (typeof CATEGORIES)[number]) => lhr.categories[category]?.score ?? 0;
        const numeric = (audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
        const failing = CATEGORIES.filter((category) => category !== 'performance').flatMap((category) =>
          (lhr.categories[category]?.auditRefs ?? [])
            .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
            .map((ref) => `${category}: ${ref.id}`),
        );
        const figures: PageFigures = {
          page,
          scores: { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices'), seo: score('seo') },
          lcpMs: numeric('largest-contentful-paint'),
          cls: numeric('cumulative-layout-shift'),
          tbtMs: numeric('total-blocking-time'),
          failing,
        };
        log(`${page} run ${run}: performance ${figures.scores.performance.toFixed(2)}, LCP ${figures.lcpMs.toFixed(0)} ms, CLS ${figures.cls.toFixed(3)}, TBT ${figures.tbtMs.toFixed(0)} ms`);
        runs.push(figures);
      }
      const medianOf = (pick: (figures: PageFigures) => number) => median(runs.map(pick));
      pages.push({
        page,
        scores: {
          performance: medianOf((figures) => figures.scores.performance),
          accessibility: medianOf((figures) => figures.scores.accessibility),
          'best-practices': medianOf((figures) => figures.scores['best-practices']),
          seo: medianOf((figures) => figures.scores.seo),
        },
        lcpMs: medianOf((figures) => figures.lcpMs),
        cls: medianOf((figures) => figures.cls),
        tbtMs: medianOf((figures) => figures.tbtMs),
        failing: [...new Set(runs.flatMap((figures) => figures.failing))],
      });
    }
    const bundle = await measureBundle(path.join(repoRoot, 'apps/web/dist'));
    return { pages, landingInitialJsGzip: bundle.initialJsGzip };
  } finally {
    chrome.kill();
    await server.stop();
    await data.remove();
  }
}

export function printLighthouse(report: LighthouseReport) {
  console.log(`\n== Lighthouse 12 (mobile, simulated throttling), median of ${LIGHTHOUSE.runs} runs, ${CHROMIUM_PATH} ==`);
  const header = ['page', 'perf', 'a11y', 'best-pr.', 'SEO', 'LCP', 'CLS', 'TBT'];
  const rows = report.pages.map((figures) => [
    figures.page,
    figures.scores.performance.toFixed(2),
    figures.scores.accessibility.toFixed(2),
    figures.scores['best-practices'].toFixed(2),
    figures.scores.seo.toFixed(2),
    `${(figures.lcpMs / 1000).toFixed(2)} s`,
    figures.cls.toFixed(3),
    `${figures.tbtMs.toFixed(0)} ms`,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => `  ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ')}`;
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  console.log(`\n  landing initial JS: ${(report.landingInitialJsGzip / 1024).toFixed(1)} KB gzip (bench/bundle-size.ts)`);
  for (const figures of report.pages) {
    if (figures.failing.length > 0) console.log(`  ${figures.page} audits below 1 (any run): ${figures.failing.join(', ')}`);
  }
}

/** One line per page for the bench summary, with the targets. */
export function summariseLighthouse(report: LighthouseReport): string[] {
  const { landingPerformance, lcpMs, cls, tbtMs, otherScores } = LIGHTHOUSE_TARGETS;
  return report.pages.map((figures) => {
    const performanceTarget = figures.page === ROUTES.landing ? landingPerformance : 0;
    const meets =
      figures.scores.performance >= performanceTarget &&
      figures.lcpMs < lcpMs &&
      figures.cls < cls &&
      figures.tbtMs < tbtMs &&
      figures.scores.accessibility >= otherScores &&
      figures.scores['best-practices'] >= otherScores &&
      figures.scores.seo >= otherScores;
    return `  lighthouse    ${figures.page.padEnd(8)} perf ${figures.scores.performance.toFixed(2)} a11y ${figures.scores.accessibility.toFixed(2)} bp ${figures.scores['best-practices'].toFixed(2)} seo ${figures.scores.seo.toFixed(2)}, LCP ${(figures.lcpMs / 1000).toFixed(2)} s, CLS ${figures.cls.toFixed(3)}, TBT ${figures.tbtMs.toFixed(0)} ms   ${meets ? 'PASS' : 'BELOW'}`;
  });
}
