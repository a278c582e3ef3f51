// /choose-location: pick a country or a city from a searchable list, or take the city nearest to
// the device's position (only when the user asks; the position never leaves the device).
//
// Return convention (like the engine's ?back=): open /choose-location?back=<path of this app,
// URL-encoded, with its own query if any>[&pick=country|city]. The choice goes back to that page
// with its query fields set: country=<ISO 3166 code>, and for a city also city=<id>, lat, lon
// (a schema form fills payload fields of those names from the route query). Without back, the
// chosen place opens in /open-location.
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { isAppPath, pathPart } from '../../../contract/app-path';
import { findRoute } from '../../routes/routes';
import { buildEntries, type Entry, nearestCity, type Place, returnTo } from './places';
import { PlaceCount, PlaceList, PlaceSearchField } from './PlaceSearch';
import { usePlaceSearch } from './usePlaceSearch';
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

/** What the opener asks for: where to go back to (a route of this app) and what may be picked. */
function locationRequest(params: URLSearchParams): { back: string | undefined; pick: Pick } {
  const wanted = params.get('back');
  const back = isAppPath(wanted) && findRoute(pathPart(wanted)) ? wanted : undefined;
  const pickParam = params.get('pick');
  const pick: Pick = pickParam === 'country' || pickParam === 'city' ? pickParam : 'any';
  return { back, pick };
}

export default function ChooseLocationScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { back, pick } = locationRequest(params);
  const choose = (place: Place) => navigate(returnTo(back, place), { replace: true });
  const listId = useId();
  const entries = useMemo(
    () => buildEntries(i18n.language, (id) => t(`location.city.${id}`)).filter((e) => pick === 'any' || e.place.kind === pick),
    [i18n.language, t, pick],
  );
  const search = usePlaceSearch(entries, listId, choose);

  return (
    <div className="choose-location">
      <NearYou pick={pick} entries={entries} onChoose={choose} />
      <PlaceSearchField listId={listId} search={search} />
      <PlaceCount search={search} />
      <PlaceList listId={listId} search={search} onChoose={choose} />
    </div>
  );
}
