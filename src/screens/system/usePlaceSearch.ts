// The place search as a combobox: the query, the results, the active option and the keys that
// move it (arrows, Home/End, Page Up/Down), choose it (Enter) or clear the query (Escape).
import { type KeyboardEvent, useMemo, useState } from 'react';
import { type Entry, type Place, searchPlaces } from './places';

export function usePlaceSearch(entries: Entry[], listId: string, choose: (place: Place) => void) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const results = useMemo(() => searchPlaces(entries, query), [entries, query]);
  const current = Math.min(active, results.length - 1);
  const optionId = (i: number) => `${listId}-option-${i}`;

  const edit = (text: string) => {
    setQuery(text);
    setActive(0);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const last = results.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(current + 1, last),
      ArrowUp: Math.max(current - 1, 0),
      Home: 0,
      End: last,
      PageDown: Math.min(current + 10, last),
      PageUp: Math.max(current - 10, 0),
    };
    if (e.key in moves && results.length) {
      e.preventDefault();
      setActive(moves[e.key]);
      document.getElementById(optionId(moves[e.key]))?.scrollIntoView({ block: 'nearest' });
    } else if (e.key === 'Enter' && results[current]) {
      e.preventDefault();
      choose(results[current].place);
    } else if (e.key === 'Escape' && query) {
      e.preventDefault();
      edit('');
    }
  };

  return { query, edit, results, current, setActive, optionId, onKeyDown };
}

export type PlaceSearch = ReturnType<typeof usePlaceSearch>;
