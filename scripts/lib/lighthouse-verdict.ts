// The thresholds `npm run lighthouse` holds the app to (issue 11) and the choice of one run out of several.

/** One audited page: category scores 0–100, times in ms, bytes transferred. */
export interface PageResult {
  page: string;
  url: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  bytes: number;
  /** Ids of the accessibility and best-practices audits that did not pass */
  failedAudits: string[];
}

/** Every page, in Lighthouse's displayed score (rounded percent). */
export const MIN_SCORES = { performance: 95, accessibility: 100, bestPractices: 100 } as const;

/** The landing page's loading metrics, on the mobile preset with simulated throttling. */
export const HOME_LIMITS = { lcpMs: 1500, tbtMs: 50, cls: 0.02 } as const;

export const HOME_PAGE = 'home';

/** What is below the thresholds, one line each; empty when everything passes. */
export function failures(results: readonly PageResult[]): string[] {
  const out: string[] = [];
  for (const r of results) {
    for (const [category, min] of Object.entries(MIN_SCORES) as [keyof typeof MIN_SCORES, number][]) {
      if (r[category] < min) out.push(`${r.page}: ${category} ${r[category]} < ${min}`);
    }
    if (r.page !== HOME_PAGE) continue;
    if (r.lcpMs > HOME_LIMITS.lcpMs) out.push(`${r.page}: LCP ${Math.round(r.lcpMs)} ms > ${HOME_LIMITS.lcpMs} ms`);
    if (r.tbtMs > HOME_LIMITS.tbtMs) out.push(`${r.page}: TBT ${Math.round(r.tbtMs)} ms > ${HOME_LIMITS.tbtMs} ms`);
    if (r.cls > HOME_LIMITS.cls) out.push(`${r.page}: CLS ${r.cls.toFixed(3)} > ${HOME_LIMITS.cls}`);
  }
  return out;
}

/** The run with the median performance score (ties: the lower LCP), so its numbers belong together. */
export function medianRun(runs: readonly PageResult[]): PageResult {
  if (runs.length === 0) throw new Error('no runs');
  const sorted = [...runs].sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}
