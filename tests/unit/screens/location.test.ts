// The location pickers' logic: search (accents, either language, ranking), the nearest city by
// great-circle distance, and the ?back= return with the chosen place's query fields.
import { describe, expect, it } from 'vitest';
import de from '../../../locales/de-DE.json';
import { formatLatLon, geoUri, webMapUrl } from '../../../src/screens/system/OpenLocationScreen';
import { buildEntries, CITIES, COUNTRIES, distanceKm, fold, nearestCity, returnTo, searchPlaces } from '../../../src/screens/system/places';

const germanCity = (id: string) => (de.location.city as Record<string, string>)[id];
const entries = buildEntries('de-DE', germanCity);
const keys = (query: string) => searchPlaces(entries, query).map((e) => e.key);

describe('the place list', () => {
  it('holds every configured country and city, each city in a listed country with a translated name', () => {
    expect(entries).toHaveLength(COUNTRIES.length + CITIES.length);
    for (const c of CITIES) {
      expect(COUNTRIES, c.id).toContain(c.country);
      expect(germanCity(c.id), c.id).toBeTruthy();
    }
    expect(entries.find((e) => e.key === 'country:DE')?.label).toBe('Deutschland');
    expect(entries.find((e) => e.key === 'city:munich')).toMatchObject({ label: 'München', detail: 'Deutschland' });
  });
});

describe('searchPlaces', () => {
  it('matches the shown name and the English one, without accents or case', () => {
    expect(keys('münchen')).toEqual(['city:munich']);
    expect(keys('MUNICH')).toEqual(['city:munich']);
    expect(keys('sao')[0]).toBe('city:saoPaulo');
    expect(keys('zurich')).toEqual(['city:zurich']);
    expect(keys('germany')).toEqual(['country:DE']);
    expect(keys('de')).toContain('country:DE');
  });

  it('ranks a name that starts with the query before a word that does, before any part', () => {
    const san = keys('san');
    expect(san.slice(0, 2).sort()).toEqual(['city:sanFrancisco', 'city:saintPetersburg'].sort()); // San Francisco, Sankt Petersburg
    expect(san.indexOf('city:busan')).toBeGreaterThan(1);
    const york = keys('york');
    expect(york).toEqual(['city:newYork']);
    const paulo = keys('paulo');
    expect(paulo).toEqual(['city:saoPaulo']);
  });

  it('gives everything for an empty query and nothing for nonsense', () => {
    expect(searchPlaces(entries, '  ')).toHaveLength(entries.length);
    expect(searchPlaces(entries, 'xqzzy')).toEqual([]);
  });

  it('folds accents and spaces', () => {
    expect(fold('  São   Paulo ')).toBe('sao paulo');
    expect(fold('Zürich')).toBe('zurich');
  });
});

describe('nearestCity', () => {
  it('measures great-circle distances', () => {
    const berlin = CITIES.find((c) => c.id === 'berlin')!;
    const paris = CITIES.find((c) => c.id === 'paris')!;
    expect(distanceKm(berlin, paris)).toBeGreaterThan(870);
    expect(distanceKm(berlin, paris)).toBeLessThan(885);
    expect(distanceKm(berlin, berlin)).toBe(0);
  });

  it('finds the nearest city, also across the date line and the poles', () => {
    expect(nearestCity({ lat: 52.39, lon: 13.06 })).toMatchObject({ city: { id: 'berlin' } }); // Potsdam
    expect(nearestCity({ lat: 48.2, lon: 11.6 })?.city.id).toBe('munich');
    expect(nearestCity({ lat: 22.28, lon: 114.16 })?.city.id).toBe('hongKong');
    expect(nearestCity({ lat: 49.3, lon: -123.1 })?.city.id).toBe('vancouver');
    expect(nearestCity({ lat: -33.9, lon: 151.2 })?.km).toBeLessThan(10);
    expect(
      nearestCity({ lat: 60, lon: 179.9 }, [
        { id: 'a', country: 'US', name: 'A', lat: 60, lon: -179.9 },
        { id: 'b', country: 'US', name: 'B', lat: 60, lon: 170 },
      ])?.city.id,
    ).toBe('a');
  });

  it('gives nothing for an invalid position or an empty list', () => {
    expect(nearestCity({ lat: Number.NaN, lon: 0 })).toBeUndefined();
    expect(nearestCity({ lat: 91, lon: 0 })).toBeUndefined();
    expect(nearestCity({ lat: 0, lon: 0 }, [])).toBeUndefined();
  });
});

describe('returnTo', () => {
  const munich = CITIES.find((c) => c.id === 'munich')!;

  it('goes back to the asking page with the place, keeping its own query and replacing an older choice', () => {
    expect(returnTo('/user/addBank', { kind: 'country', country: 'DE' })).toBe('/user/addBank?country=DE');
    expect(returnTo('/user/addBank?coin=BTC&country=FR&city=paris', { kind: 'city', ...munich })).toBe('/user/addBank?coin=BTC&country=DE&city=munich&lat=48.1351&lon=11.582');
  });

  it('opens /open-location without a page to go back to', () => {
    expect(returnTo(undefined, { kind: 'country', country: 'JP' })).toBe('/open-location?country=JP');
  });
});

describe('open-location links', () => {
  it('a geo: URI with a label, a plain web link and coordinates to five decimals', () => {
    const p = { lat: 48.1351, lon: 11.582 };
    expect(geoUri(p, 'München')).toBe('geo:48.1351,11.582?q=48.1351,11.582(M%C3%BCnchen)');
    expect(webMapUrl(p)).toBe('https://www.openstreetmap.org/?mlat=48.1351&mlon=11.582#map=12/48.1351/11.582');
    expect(formatLatLon({ lat: -33.8688, lon: 151.2093 })).toBe('-33.86880, 151.20930');
  });
});
