// @vitest-environment happy-dom
// The offline notice (issue 11 part 5): shown while the browser is offline, in the current
// language (also after a language change), gone when the connection is back.
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import de from '../../../locales/de-DE.json';
import en from '../../../locales/en-US.json';
import { mountOfflineNotice } from '../../../src/app/offlineNotice';

let online = true;
Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
const go = (state: 'online' | 'offline') => {
  online = state === 'online';
  window.dispatchEvent(new Event(state));
};

beforeAll(async () => {
  await i18next.init({ lng: 'en-US', resources: { 'en-US': { translation: en }, 'de-DE': { translation: de } }, interpolation: { escapeValue: false } });
});
afterEach(async () => {
  go('online');
  document.body.replaceChildren();
  await i18next.changeLanguage('en-US');
});

describe('offline notice', () => {
  it('appears in a live region when the browser goes offline and leaves when it is back', () => {
    const region = mountOfflineNotice();
    expect(region.getAttribute('role')).toBe('status');
    expect(region.textContent).toBe('');
    go('offline');
    expect(region.querySelector('.offline-notice')?.textContent).toBe(en.app.offline);
    go('online');
    expect(region.textContent).toBe('');
  });

  it('is there from the start of an offline start, and follows a language change', async () => {
    online = false;
    const region = mountOfflineNotice();
    expect(region.textContent).toBe(en.app.offline);
    await i18next.changeLanguage('de-DE');
    expect(region.textContent).toBe(de.app.offline);
    expect(de.app.offline).not.toBe(en.app.offline);
  });
});
