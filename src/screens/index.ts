// Hand-written screens by the name the route table uses. Each is its own chunk.
import type { ComponentType } from 'react';
import { screenTextsReady } from '../i18n';

type Loader = () => Promise<{ default: ComponentType }>;

/**
 * A screen whose texts are in the screen-text part of the locale (src/i18n/parts.ts) opens
 * once that part is loaded too, as a schema screen does; it keeps those texts off home.
 */
const withScreenTexts =
  (load: Loader): Loader =>
  () =>
    Promise.all([load(), screenTextsReady()]).then(([screen]) => screen);

export const SCREEN_LOADERS: Record<string, Loader> = {
  home: () => import('./home/HomeScreen'),
  my: withScreenTexts(() => import('./user/MyScreen')),
  language: () => import('./user/LanguageScreen'),
  invite: withScreenTexts(() => import('./user/InviteScreen')),
  inform: withScreenTexts(() => import('./user/InformScreen')),
  about: withScreenTexts(() => import('./user/AboutScreen')),
  msb: withScreenTexts(() => import('./user/MsbScreen')),
  service: withScreenTexts(() => import('./user/ServiceScreen')),
  market: () => import('./market/MarketScreen'),
  spot: () => import('./deal/SpotScreen'),
  chart: withScreenTexts(() => import('./deal/chart/ChartScreen')),
  earningsCurve: withScreenTexts(() => import('./stake/EarningsCurveScreen')),
  futures: withScreenTexts(() => import('./contract/FuturesScreen')),
  assets: () => import('./assets/AssetsScreen'),
  chooseLocation: withScreenTexts(() => import('./system/ChooseLocationScreen')),
  openLocation: withScreenTexts(() => import('./system/OpenLocationScreen')),
};
