// /open-location: shows a place and hands it to the device's maps app. No map is drawn here (no
// tiles from outside): a geo: link opens the maps app, and a plain OpenStreetMap link is offered
// for devices without one.
// Query: ?city=<id of schemas/config/cities.json>, or ?lat=<deg>&lon=<deg>[&name=<label>], or
// ?country=<ISO code> (what /choose-location sends back).
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { CopyButton } from '../../ui/CopyButton';
import { CITIES, COUNTRIES, countryNamer, type LatLon, validLatLon } from './places';
import './location.css';

const DEGREES = /^-?\d{1,3}(?:\.\d{1,10})?$/;
const MAX_NAME = 100;

interface Shown {
  name: string;
  detail: string;
  at?: LatLon;
}

function coordinate(raw: string | null): number | undefined {
  return raw !== null && DEGREES.test(raw) ? Number(raw) : undefined;
}

/** Degrees with five decimals (about a metre), the same in every language. */
export const formatLatLon = (p: LatLon) => `${p.lat.toFixed(5)}, ${p.lon.toFixed(5)}`;

/** A geo: URI (RFC 5870) with the label many maps apps show. */
export function geoUri(p: LatLon, label: string): string {
  const at = `${p.lat},${p.lon}`;
  return `geo:${at}?q=${at}(${encodeURIComponent(label)})`;
}

export function webMapUrl(p: LatLon): string {
  return `https://www.openstreetmap.org/?mlat=${p.lat}&mlon=${p.lon}#map=12/${p.lat}/${p.lon}`;
}

export default function OpenLocationScreen() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const country = countryNamer(i18n.language);

  const city = CITIES.find((c) => c.id === params.get('city'));
  const iso = params.get('country')?.toUpperCase() ?? '';
  const given = { lat: coordinate(params.get('lat')), lon: coordinate(params.get('lon')) };
  const name = (params.get('name') ?? '')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, MAX_NAME);
  let shown: Shown | undefined;
  if (city) shown = { name: t(`location.city.${city.id}`), detail: country(city.country), at: city };
  else if (validLatLon(given)) shown = { name: name || formatLatLon(given), detail: COUNTRIES.includes(iso) ? country(iso) : '', at: given };
  else if (COUNTRIES.includes(iso)) shown = { name: country(iso), detail: '' };

  if (!shown) {
    return (
      <div className="open-location">
        <p className="state">{t('location.noPlace')}</p>
        <Link className="btn btn-primary btn-block" to="/choose-location">
          {t('location.chooseAnother')}
        </Link>
      </div>
    );
  }
  const at = shown.at;
  return (
    <div className="open-location">
      <div>
        <h2 className="open-location-name">{shown.name}</h2>
        {shown.detail && <p className="muted">{shown.detail}</p>}
      </div>
      {at && (
        <dl className="open-location-coords">
          <dt>{t('location.coordinates')}</dt>
          <dd>
            <span>{formatLatLon(at)}</span>
            <CopyButton value={formatLatLon(at)} label={t('location.copyCoordinates')} />
          </dd>
        </dl>
      )}
      <a className="btn btn-primary btn-block" href={at ? geoUri(at, shown.name) : `geo:0,0?q=${encodeURIComponent(shown.name)}`}>
        {t('location.openInMaps')}
      </a>
      {at && (
        <a className="btn btn-ghost btn-block" href={webMapUrl(at)} target="_blank" rel="noopener noreferrer">
          {t('location.openOnWeb')}
        </a>
      )}
      <p className="open-location-hint">{t('location.mapsHint')}</p>
      <Link className="btn btn-ghost btn-block" to="/choose-location" replace>
        {t('location.chooseAnother')}
      </Link>
    </div>
  );
}
