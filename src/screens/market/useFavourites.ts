import { useCallback, useState } from 'react';
import { useSelector } from 'react-redux';
import type { RootState } from '../../store';

/** Favourite pairs, kept per user on this device. */
export function useFavourites() {
  const userId = useSelector((s: RootState) => s.session.user?.ID ?? 'guest');
  const key = `favourites:${userId}`;
  const [favourites, setFavourites] = useState<string[]>(() => JSON.parse(localStorage.getItem(key) ?? '[]') as string[]);
  const toggle = useCallback(
    (symbol: string) =>
      setFavourites((current) => {
        const next = current.includes(symbol) ? current.filter((s) => s !== symbol) : [...current, symbol];
        localStorage.setItem(key, JSON.stringify(next));
        return next;
      }),
    [key],
  );
  return { favourites, toggle };
}
