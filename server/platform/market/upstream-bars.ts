// Bars received from the upstream, kept by unit index (epoch minute or epoch day): they may
// arrive out of order and with gaps, so the indices are kept sorted beside them.
import { mergeBars, type RawBar } from './series.ts';
import type { RawBarAt } from './state.ts';

export class IndexedBars {
  readonly byIdx = new Map<number, RawBar>();
  idx: number[] = [];
  dirty = new Set<number>();

  put(i: number, bar: RawBar, dirty = true): void {
    if (!this.byIdx.has(i)) {
      const at = this.idx.length === 0 || i > this.idx[this.idx.length - 1] ? this.idx.length : lowerBound(this.idx, i);
      this.idx.splice(at, 0, i);
    }
    this.byIdx.set(i, bar);
    if (dirty) this.dirty.add(i);
  }

  /** Drops bars before index `from` (memory only; the database keeps them) */
  trim(from: number): void {
    const n = lowerBound(this.idx, from);
    if (n === 0) return;
    for (const i of this.idx.slice(0, n)) this.byIdx.delete(i);
    this.idx = this.idx.slice(n);
  }

  /** The bars put since the last drain, by index. */
  drain(): RawBarAt[] {
    const out = [...this.dirty]
      .sort((a, b) => a - b)
      .flatMap((i) => {
        const b = this.byIdx.get(i);
        return b ? [{ idx: i, ...b }] : [];
      });
    this.dirty.clear();
    return out;
  }

  /** One bar of the stored bars at positions [from, to) of idx. */
  merged(from: number, to: number): RawBar {
    return mergeBars(this.idx.slice(from, to).map((i) => this.byIdx.get(i)!));
  }
}

/** The first position in a sorted list whose value is not below `value`. */
export function lowerBound(list: number[], value: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
