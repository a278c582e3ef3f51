// Hand-written screens by the name the route table uses. Each is its own chunk.
import type { ComponentType } from 'react';

export const SCREEN_LOADERS: Record<string, () => Promise<{ default: ComponentType }>> = {
  home: () => import('./home/HomeScreen'),
  my: () => import('./user/MyScreen'),
  language: () => import('./user/LanguageScreen'),
  invite: () => import('./user/InviteScreen'),
  market: () => import('./market/MarketScreen'),
  spot: () => import('./deal/SpotScreen'),
  chart: () => import('./deal/chart/ChartScreen'),
  futures: () => import('./contract/FuturesScreen'),
  assets: () => import('./assets/AssetsScreen'),
};
