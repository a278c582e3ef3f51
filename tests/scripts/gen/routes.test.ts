import { describe, expect, it } from 'vitest';
import type { HandWrittenScreen, ScreenFile } from '../../../contract/screen';
import { loadersModule, routeRows } from '../../../scripts/gen/routes';

const screen = (id: string, routes: string[], extra: Partial<ScreenFile> = {}): ScreenFile =>
  ({
    id,
    kind: 'form',
    routes,
    endpoint: { name: id, method: 'POST', path: `/x/${id}` },
    ...extra,
  }) as ScreenFile;
const handWritten = (name: string, routes: HandWrittenScreen['routes'], screenTexts = false): HandWrittenScreen => ({
  name,
  module: `area/${name[0].toUpperCase()}${name.slice(1)}Screen`,
  routes,
  screenTexts,
});

describe('the generated route table', () => {
  it('takes each route from where its screen declares it, in path order, with only the options set', () => {
    const rows = routeRows(
      [
        screen('login', ['/login/login'], { public: true }),
        screen('ieo-list', ['/IEO/IEO'], { statusBar: 'green' }),
        screen('bank-a', ['/user/bank']),
        screen('bank-b', ['/user/bank']),
      ],
      [
        handWritten('home', [{ path: '/home/home', public: true, tab: 'home', bare: true }]),
        handWritten('chooseLocation', [{ path: '/choose-location', title: 'route.system.chooseLocation' }]),
      ],
    );
    expect(rows).toEqual([
      { path: '/IEO/IEO', statusBar: 'green' },
      {
        path: '/choose-location',
        title: 'route.system.chooseLocation',
        screen: 'chooseLocation',
      },
      {
        path: '/home/home',
        public: true,
        tab: 'home',
        screen: 'home',
        bare: true,
      },
      { path: '/login/login', public: true },
      { path: '/user/bank' },
    ]);
  });

  it('refuses a route two hand-written screens declare', () => {
    expect(() => routeRows([], [handWritten('spot', [{ path: '/deal/deal' }]), handWritten('chart', [{ path: '/deal/deal' }])])).toThrow(
      'route /deal/deal: declared in src/screens/area/SpotScreen.screen.json and in src/screens/area/ChartScreen.screen.json',
    );
  });

  it('refuses schema screens of one route that disagree on what the shell does', () => {
    expect(() => routeRows([screen('register-email', ['/login/register'], { public: true }), screen('register-phone', ['/login/register'])], [])).toThrow(
      'route /login/register: schemas/screens/register-email.json and schemas/screens/register-phone.json disagree on public or statusBar',
    );
  });

  it('lets a hand-written screen embed a schema screen of its route, which then sets nothing of the route', () => {
    expect(routeRows([screen('notice-list', ['/user/inform'])], [handWritten('inform', [{ path: '/user/inform' }])])).toEqual([
      { path: '/user/inform', screen: 'inform' },
    ]);
    expect(() => routeRows([screen('notice-list', ['/user/inform'], { public: true })], [handWritten('inform', [{ path: '/user/inform' }])])).toThrow(
      /sets public or statusBar, but the hand-written screen "inform" draws it/,
    );
  });

  it('loads a screen with the screen texts when its declaration says so', () => {
    const code = loadersModule([handWritten('my', [{ path: '/user/my' }], true), handWritten('market', [{ path: '/market/market' }])]);
    expect(code).toContain("  market: () => import('../area/MarketScreen'),");
    expect(code).toContain("  my: withScreenTexts(() => import('../area/MyScreen')),");
  });
});
