// /choose-location: pick a country or a city from a searchable list, or take the city nearest to
// the device's position (only when the user asks; the position never leaves the device).
//
// Return convention (like the engine's ?back=): open /choose-location?back=<path of this app,
// URL-encoded, with its own query if any>[&pick=country|city]. The choice goes back to that page
// with its query fields set: country=<ISO 3166 code>, and for a city also city=<id>, lat, lon
// (a schema form fills payload fields of those names from the route query). Without back, the
// chosen place opens in /open-location.
import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { isAppPath, pathPart } from '../../../contract/app-path';
import { findRoute } from '../../routes/routes';
import { buildEntries, type Entry, nearestCity, type Place, returnTo, searchPlaces } from './places';
import { canLocate, usePosition } from './usePosition';
import './location.css';

type Pick = 'country' | 'city' | 'any';

function NearYou({ pick, entries, onChoose }: { pick: Pick; entries: Entry[]; onChoose(place: Place): void }) {
  const { t, i18n } = useTranslation();
  const [state, locate] = usePosition();
  if (!canLocate()) return null;
  const near = state.status === 'found' ? nearestCity(state.position) : undefined;
  const key = near ? (pick === 'country' ? `country:${near.city.country}` : `city:${near.city.id}`) : '';
  const entry = entries.find((e) => e.key === key);
  return (
    <section className="near-you" aria-labelledby="near-you-title">
      <h2 id="near-you-title" className="near-you-title">
        {t('location.nearYou')}
      </h2>
      {entry && near ? (
        <button type="button" className="place-option near-you-choice" onClick={() => onChoose(entry.place)}>
          <span className="place-label">{entry.label}</span>
          <span className="place-detail">
            {entry.detail ? `${entry.detail} · ` : ''}
            {t('location.distance', { km: new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 }).format(near.km) })}
          </span>
        </button>
      ) : (
        <button type="button" className="btn btn-ghost btn-block" onClick={locate} disabled={state.status === 'locating'}>
          {t(state.status === 'locating' ? 'location.locating' : 'location.useMyPosition')}
        </button>
      )}
      <p className={`near-you-note${state.status === 'denied' || state.status === 'unavailable' ? ' near-you-problem' : ''}`} role="status">
        {state.status === 'denied' ? t('location.denied') : state.status === 'unavailable' ? t('location.unavailable') : t('location.positionPrivacy')}
      </p>
    </section>
  );
}

export default function ChooseLocationScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const wanted = params.get('back');
  const back = isAppPath(wanted) && findRoute(pathPart(wanted)) ? wanted : undefined;
  const pickParam = params.get('pick');
  const pick: Pick = pickParam === 'country' || pickParam === 'city' ? pickParam : 'any';
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();

  const entries = useMemo(() => buildEntries(i18n.language, (id) => t(`location.city.${id}`)).filter((e) => pick === 'any' || e.place.kind === pick), [i18n.language, t, pick]);
  const results = useMemo(() => searchPlaces(entries, query), [entries, query]);
  const current = Math.min(active, results.length - 1);
  const optionId = (i: number) => `${listId}-option-${i}`;

  const choose = (place: Place) => navigate(returnTo(back, place), { replace: true });

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
      setQuery('');
      setActive(0);
    }
  };

  return (
    <div className="choose-location">
      <NearYou pick={pick} entries={entries} onChoose={choose} />
      <label className="field-label" htmlFor={`${listId}-search`}>
        {t('location.searchLabel')}
      </label>
      <input
        id={`${listId}-search`}
        className="input place-search"
        type="search"
        role="combobox"
        aria-expanded={results.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={results.length ? optionId(current) : undefined}
        autoComplete="off"
        enterKeyHint="go"
        placeholder={t('location.searchPlaceholder')}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <p className="place-count" role="status" aria-live="polite">
        {results.length ? t('location.results', { count: results.length }) : t('location.noResults', { query: query.trim() })}
      </p>
      <ul id={listId} className="place-list" role="listbox" aria-label={t('location.searchLabel')}>
        {results.map((e, i) => (
          <li
            key={e.key}
            id={optionId(i)}
            role="option"
            aria-selected={i === current}
            className={`place-option${i === current ? ' active' : ''}`}
            data-place={e.key}
            onMouseEnter={() => setActive(i)}
            onClick={() => choose(e.place)}
          >
            <span className="place-label">{e.label}</span>
            <span className="place-detail">{e.place.kind === 'country' ? t('location.country') : e.detail}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
