// The search field, the result count and the list of places of /choose-location.
import { useTranslation } from 'react-i18next';
import type { Place } from './places';
import type { PlaceSearch } from './usePlaceSearch';

export function PlaceSearchField({ listId, search }: { listId: string; search: PlaceSearch }) {
  const { t } = useTranslation();
  const { results } = search;
  return (
    <>
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
        aria-activedescendant={results.length ? search.optionId(search.current) : undefined}
        autoComplete="off"
        enterKeyHint="go"
        placeholder={t('location.searchPlaceholder')}
        value={search.query}
        onChange={(e) => search.edit(e.target.value)}
        onKeyDown={search.onKeyDown}
      />
    </>
  );
}

export function PlaceCount({ search }: { search: PlaceSearch }) {
  const { t } = useTranslation();
  const count = search.results.length;
  return (
    <p className="place-count" role="status" aria-live="polite">
      {count ? t('location.results', { count }) : t('location.noResults', { query: search.query.trim() })}
    </p>
  );
}

export function PlaceList({ listId, search, onChoose }: { listId: string; search: PlaceSearch; onChoose(place: Place): void }) {
  const { t } = useTranslation();
  const { current } = search;
  return (
    <ul id={listId} className="place-list" role="listbox" aria-label={t('location.searchLabel')}>
      {search.results.map((e, i) => (
        <li
          key={e.key}
          id={search.optionId(i)}
          role="option"
          aria-selected={i === current}
          className={`place-option${i === current ? ' active' : ''}`}
          data-place={e.key}
          onMouseEnter={() => search.setActive(i)}
          onClick={() => onChoose(e.place)}
        >
          <span className="place-label">{e.label}</span>
          <span className="place-detail">{e.place.kind === 'country' ? t('location.country') : e.detail}</span>
        </li>
      ))}
    </ul>
  );
}
