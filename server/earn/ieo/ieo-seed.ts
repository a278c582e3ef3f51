// The demo IEO projects a fresh installation starts with (only while the table is empty; the
// operator changes them with `npm run ops -- ieo …`): one live, one upcoming and one ended.
import type { Db } from '../../core/db/index.ts';
import { DAY_MS } from './ieo.ts';
import { createIeoProject } from './ieo-catalogue.ts';

const SEED = [
  {
    coin: 'NOVA',
    name: 'Nova Network',
    names: { de: 'Nova Network', zh: 'Nova 网络', tw: 'Nova 網路', jp: 'Nova ネットワーク', kr: 'Nova 네트워크', ru: 'Сеть Nova' },
    from: -2,
    to: 12,
    total: '1000000',
    price: '0.05',
    lockDays: 30,
    userCap: '50000',
    min: '100',
    max: '20000',
  },
  {
    coin: 'ORBX',
    name: 'Orbix Protocol',
    names: { zh: 'Orbix 协议', tw: 'Orbix 協議', jp: 'Orbix プロトコル', kr: 'Orbix 프로토콜', ru: 'Протокол Orbix' },
    from: 7,
    to: 21,
    total: '500000',
    price: '0.2',
    lockDays: 60,
    userCap: '10000',
    min: '50',
    max: '5000',
  },
  {
    coin: 'DOT',
    name: 'Polkadot launch round',
    names: { de: 'Polkadot-Startrunde', zh: 'Polkadot 首发轮', tw: 'Polkadot 首發輪', ru: 'Стартовый раунд Polkadot' },
    from: -40,
    to: -30,
    total: '200000',
    price: '3.5',
    lockDays: 14,
    userCap: '2000',
    min: '10',
    max: '1000',
  },
] as const;

/** Fills an empty ieo_projects table with one live, one upcoming and one ended demo project. */
export async function seedIeoProjects(db: Db, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (await trx.selectFrom('ieo_projects').select('id').limit(1).executeTakeFirst()) return;
    if (!(await trx.selectFrom('coins').select('id').where('coin', '=', 'USDT').executeTakeFirst())) return;
    const hour = Math.floor(now / 3_600_000) * 3_600_000;
    for (const s of SEED) {
      await createIeoProject(
        trx,
        {
          coin: s.coin,
          name: s.name,
          start: new Date(hour + s.from * DAY_MS).toISOString(),
          end: new Date(hour + s.to * DAY_MS).toISOString(),
          total: s.total,
          price: s.price,
          lockDays: String(s.lockDays),
          userCap: s.userCap,
          min: s.min,
          max: s.max,
          decimals: '2',
        },
        now,
        s.names,
      );
    }
  });
}
