// A chart instance on a div for as long as the component is mounted, resized with the window,
// and the theme's colours read from the page's CSS variables. The caller passes its own
// tree-shaken echarts' init, so this module imports no echarts and stays out of every bundle
// that draws no chart.
import { type RefObject, useEffect, useRef } from 'react';

interface ChartInstance {
  resize(): void;
  dispose(): void;
}

/** The div to draw in and the chart on it (null before mount and after unmount); `init` is read once, at mount. */
export function useChart<C extends ChartInstance>(init: (el: HTMLDivElement) => C): { box: RefObject<HTMLDivElement | null>; chart: RefObject<C | null> } {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<C | null>(null);
  const initAtMount = useRef(init);
  useEffect(() => {
    if (!box.current) return;
    const instance = initAtMount.current(box.current);
    chart.current = instance;
    const resize = () => instance.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      instance.dispose();
      chart.current = null;
    };
  }, []);
  return { box, chart };
}

/** A theme colour (`--up`, `--line`…) as the page has it now. */
export function cssColor(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}
