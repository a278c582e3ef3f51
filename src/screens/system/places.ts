// The places the location pickers offer: the countries of schemas/config/country-codes.json and
// the cities of schemas/config/cities.json; search, the nearest city to a position, and the
// ?back= return convention (the chosen place goes back to the asking page as query fields).
import cities from '../../../schemas/config/cities.json';
import countryCodes from '../../../schemas/config/country-codes.json';

export interface LatLon {
  lat: number;
  lon: number;
}

export interface City extends LatLon {
  id: string;
  /** ISO 3166-1 alpha-2 */
  country: string;
  /** English name (searched in every language) */
  name: string;
}

export type Place = { kind: 'country'; country: string } | ({ kind: 'city' } & City);

/** A place as the list shows it and search matches it. */
export interface Entry {
  place: Place;
  key: string;
  label: string;
  /** The country's name under a city's */
  detail: string;
  /** Folded texts the query is matched against */
  terms: string[];
}

export const CITIES: readonly City[] = cities;
export const COUNTRIES: readonly string[] = countryCodes.map((c) => c.iso);

/** Lower case, without accents, so "sao" finds São Paulo and "zurich" Zürich. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en').replace(/\s+/g, ' ').trim();
}

/** Country names in the user's language (Intl), the English one as the fallback. */
export function countryNamer(lang: string): (iso: string) => string {
  const names = (locale: string) => {
    try {
      return new Intl.DisplayNames([locale], { type: 'region' });
    } catch {
      return undefined;
    }
  };
  const local = names(lang);
  return (iso) => local?.of(iso) ?? iso;
}

/** Every country and city as a list entry; `cityName(id)` is the translated name. */
export function buildEntries(lang: string, cityName: (id: string) => string): Entry[] {
  const country = countryNamer(lang);
  const english = countryNamer('en');
  const countries: Entry[] = COUNTRIES.map((iso) => ({
    place: { kind: 'country', country: iso },
    key: `country:${iso}`,
    label: country(iso),
    detail: '',
    terms: [fold(country(iso)), fold(english(iso)), iso.toLowerCase()],
  }));
  const cityEntries: Entry[] = CITIES.map((c) => ({
    place: { kind: 'city', ...c },
    key: `city:${c.id}`,
    label: cityName(c.id),
    detail: country(c.country),
    terms: [fold(cityName(c.id)), fold(c.name)],
  }));
  const byLabel = (a: Entry, b: Entry) => a.label.localeCompare(b.label, lang);
  return [...countries.sort(byLabel), ...cityEntries.sort(byLabel)];
}

/** Entries matching the query, best first: a name that starts with it, then a word that does, then any part. */
export function searchPlaces(entries: readonly Entry[], query: string): Entry[] {
  const q = fold(query);
  if (!q) return [...entries];
  const rank = (e: Entry): number => {
    let best = 3;
    for (const term of e.terms) {
      if (term === q || term.startsWith(q)) best = Math.min(best, 0);
      else if (term.split(/[\s\-'’.]+/).some((w) => w.startsWith(q))) best = Math.min(best, 1);
      else if (term.includes(q)) best = Math.min(best, 2);
    }
    return best;
  };
  return entries
    .map((e, i) => ({ e, i, r: rank(e) }))
    .filter((x) => x.r < 3)
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.e);
}

const EARTH_RADIUS_KM = 6371;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance (haversine), in km. */
export function distanceKm(a: LatLon, b: LatLon): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The city nearest to a position, with its distance; undefined for no cities or an invalid position. */
export function nearestCity(position: LatLon, list: readonly City[] = CITIES): { city: City; km: number } | undefined {
  if (!validLatLon(position)) return undefined;
  let best: { city: City; km: number } | undefined;
  for (const city of list) {
    const km = distanceKm(position, city);
    if (!best || km < best.km) best = { city, km };
  }
  return best;
}

export function validLatLon(p: Partial<LatLon>): p is LatLon {
  return typeof p.lat === 'number' && typeof p.lon === 'number' && Number.isFinite(p.lat) && Number.isFinite(p.lon) && Math.abs(p.lat) <= 90 && Math.abs(p.lon) <= 180;
}

/** The query fields a chosen place goes back with: country=DE, and for a city also city, lat and lon. */
export function placeQuery(place: Place): Record<string, string> {
  if (place.kind === 'country') return { country: place.country };
  return { country: place.country, city: place.id, lat: String(place.lat), lon: String(place.lon) };
}

/**
 * Where the picker goes with the chosen place: the asking page (`back`, a path of this app with
 * an optional query of its own) with the place's fields set; without one, /open-location shows it.
 * The caller checks `back` is a route of this app (contract/app-path.ts isAppPath and findRoute).
 */
export function returnTo(back: string | undefined, place: Place): string {
  const [path, query = ''] = (back ?? '/open-location').split('?');
  const params = new URLSearchParams(query);
  for (const key of ['country', 'city', 'lat', 'lon']) params.delete(key);
  for (const [k, v] of Object.entries(placeQuery(place))) params.set(k, v);
  return `${path}?${params.toString()}`;
}
