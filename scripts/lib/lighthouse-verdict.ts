// The thresholds `npm run lighthouse` holds the app to (issue 11) and how several runs of a page make one result.

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

/** The middle value (the lower middle of an even count). */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/**
 * Several runs of one page as one result: every score and metric is its median over the runs (a
 * single run's blocking time swings by tens of ms with the machine's load), and an audit counts
 * as failed when it failed in more than half of them.
 */
export function medianOf(runs: readonly PageResult[]): PageResult {
  if (runs.length === 0) throw new Error('no runs');
  const of = (key: 'performance' | 'accessibility' | 'bestPractices' | 'lcpMs' | 'fcpMs' | 'tbtMs' | 'cls' | 'bytes') => median(runs.map((r) => r[key]));
  const audits = [...new Set(runs.flatMap((r) => r.failedAudits))];
  return {
    page: runs[0].page,
    url: runs[0].url,
    performance: of('performance'),
    accessibility: of('accessibility'),
    bestPractices: of('bestPractices'),
    lcpMs: of('lcpMs'),
    fcpMs: of('fcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls'),
    bytes: of('bytes'),
    failedAudits: audits.filter((id) => runs.filter((r) => r.failedAudits.includes(id)).length * 2 > runs.length),
  };
}
