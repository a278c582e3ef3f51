// The location pickers in Chromium: search with the keyboard and go back to the asking page with
// the choice in its query (the form fills its field), the device position as a suggestion when
// allowed and a plain explanation when not, and /open-location handing the place to the maps app
// without loading anything from outside.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en-US.json';
import { registerByEmail } from '../server/helpers';
import { appAndBrowser, hashOf, loginThroughUi, phone, waitForHash } from './harness';

const EMAIL = 'e2e-location@example.com';
const PASSWORD = 'Secret-pass-123';

const app = appAndBrowser();
let context: BrowserContext;
let page: Page;
const outside: string[] = [];

const noOverflow = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

beforeAll(async () => {
  await registerByEmail(app.running.app, EMAIL, PASSWORD);
  ({ context, page } = await phone(app.browser));
  await context.grantPermissions(['geolocation'], { origin: app.running.url });
  await context.setGeolocation({ latitude: 52.39, longitude: 13.06 }); // Potsdam, next to Berlin
  page.on('request', (r) => {
    if (!r.url().startsWith(app.running.url) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) outside.push(r.url());
  });
  await loginThroughUi(page, app.running, EMAIL, PASSWORD);
});
afterAll(async () => {
  await context?.close();
});

describe('/choose-location', () => {
  it('searches by keyboard and returns the chosen city to the asking page, whose form takes the country', async () => {
    await page.goto(`${app.running.url}/#/user/addBank`);
    await page.locator('#root_country').waitFor();
    await page.evaluate(() => {
      window.location.hash = '#/choose-location?back=%2Fuser%2FaddBank';
    });
    const search = page.getByRole('combobox', { name: en.location.searchLabel });
    await search.waitFor();
    expect(await noOverflow(page)).toBe(true);
    await search.focus();
    await page.keyboard.type('zuri');
    const status = page.locator('.place-count');
    await expect.poll(() => status.textContent()).toBe('Places found: 1');
    const active = await search.getAttribute('aria-activedescendant');
    expect(await page.locator(`[id="${active}"]`).getAttribute('aria-selected')).toBe('true');
    expect(await page.locator(`[id="${active}"] .place-label`).textContent()).toBe('Zurich');

    await search.fill('ma');
    await page.keyboard.press('End');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    const second = await search.getAttribute('aria-activedescendant');
    expect(second).toMatch(/option-1$/);
    await search.fill('munich');
    await page.keyboard.press('Enter');
    await waitForHash(page, '#/user/addBank?country=DE&city=munich&lat=48.1351&lon=11.582');
    await expect.poll(() => page.locator('#root_country').inputValue()).toBe('DE');
  });

  it('suggests the city nearest to the device position and returns it', async () => {
    await page.goto(`${app.running.url}/#/choose-location?back=%2Fuser%2FaddBank&pick=city`);
    await page.getByRole('button', { name: en.location.useMyPosition }).click();
    const choice = page.locator('.near-you-choice');
    await choice.waitFor();
    expect(await choice.locator('.place-label').textContent()).toBe('Berlin');
    expect(await choice.textContent()).toMatch(/about \d+ km away/);
    await choice.click();
    await waitForHash(page, '#/user/addBank?country=DE&city=berlin&lat=52.52&lon=13.405');
  });

  it('explains a refused position and the search still works; without ?back= the choice opens /open-location', async () => {
    const denied = await phone(app.browser);
    try {
      await denied.page.goto(`${app.running.url}/#/home/home`);
      const session = (await page.evaluate(() => localStorage.getItem('session'))) ?? '';
      await denied.page.evaluate((value) => localStorage.setItem('session', value), session);
      await denied.page.goto(`${app.running.url}/?signedIn=1#/choose-location`); // a full load reads the session
      await denied.page.getByRole('button', { name: en.location.useMyPosition }).click();
      await denied.page.locator('.near-you-note', { hasText: en.location.denied }).waitFor();
      await denied.page.getByRole('combobox').fill('tokyo');
      await denied.page.getByRole('option', { name: /Tokyo/ }).click();
      await waitForHash(denied.page, '#/open-location?country=JP&city=tokyo&lat=35.6762&lon=139.6503');
    } finally {
      await denied.context.close();
    }
  });
});

describe('/open-location', () => {
  it('shows the place and links to the maps app; nothing is loaded from outside', async () => {
    await page.goto(`${app.running.url}/#/open-location?lat=48.8584&lon=2.2945&name=Eiffel%20Tower`);
    await page.locator('.open-location-name', { hasText: 'Eiffel Tower' }).waitFor();
    expect(await page.locator('.open-location-coords dd').textContent()).toBe('48.85840, 2.29450');
    expect(await page.getByRole('link', { name: en.location.openInMaps }).getAttribute('href')).toBe('geo:48.8584,2.2945?q=48.8584,2.2945(Eiffel%20Tower)');
    expect(await page.getByRole('link', { name: en.location.openOnWeb }).getAttribute('href')).toMatch(/^https:\/\/www\.openstreetmap\.org\/\?mlat=48\.8584&mlon=2\.2945/);
    expect(await noOverflow(page)).toBe(true);

    await page.goto(`${app.running.url}/#/open-location?city=saoPaulo`);
    await page.locator('.open-location-name', { hasText: 'São Paulo' }).waitFor();
    await page.goto(`${app.running.url}/#/open-location?lat=123&lon=1`);
    await page.locator('.state', { hasText: en.location.noPlace }).waitFor();
    expect(await hashOf(page)).toBe('#/open-location?lat=123&lon=1');
    expect(outside).toEqual([]);
  });
});
