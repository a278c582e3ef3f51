import { useRef, useState } from 'react';

const ARM_AT = 60;
const MAX = 90;

/** Drag down from the top of the page to refetch. */
export function usePullToRefresh(refetch: () => Promise<unknown>) {
  const start = useRef<number | null>(null);
  const [distance, setDistance] = useState(0);
  const [refreshing, setRefreshing] = useState(false);
  const handlers = {
    onTouchStart: (e: React.TouchEvent) => {
      start.current = window.scrollY <= 0 ? e.touches[0].clientY : null;
    },
    onTouchMove: (e: React.TouchEvent) => {
      if (start.current === null || refreshing) return;
      setDistance(Math.min(MAX, Math.max(0, (e.touches[0].clientY - start.current) / 2)));
    },
    onTouchEnd: async () => {
      start.current = null;
      if (distance < ARM_AT) return setDistance(0);
      setRefreshing(true);
      try {
        await refetch();
      } finally {
        setRefreshing(false);
        setDistance(0);
      }
    },
  };
  return { handlers, distance, refreshing, armed: distance >= ARM_AT };
}
