// Restarting on the same data dir keeps everything and does not seed again.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildServer } from '../../server/composition/app.ts';
import { postgresUrl } from '../../server/core/db/index.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/composition/seed.ts';
import { call, count, login, registerByEmail, startServer, tempDir } from './helpers.ts';

describe('persistence', () => {
  it('keeps users, sessions and records across a restart without duplicating the seed', async () => {
    const dataDir = tempDir();
    const first = await startServer({ dataDir });
    // on PostgreSQL the data is in the server's database, not in the data dir
    expect(existsSync(join(dataDir, 'app.db'))).toBe(!postgresUrl());
    const { token } = await registerByEmail(first.app, 'keep@example.com');
    await call(first.app, 'POST', '/user_qianbao/createUser_qianbao', {
      token,
      body: { coin: 'ETH', czline: 'ERC20', addr: '0x52908400098527886E0F7030069857D2E4169EE7', name: 'ETH' },
    });
    const users = await count(first.app, 'users');
    const articles = await count(first.app, 'articles');
    expect(users).toBe(2);
    await first.app.close();

    const second = await startServer({ dataDir });
    try {
      expect(await count(second.app, 'users')).toBe(users);
      expect(await count(second.app, 'articles')).toBe(articles);
      const info = await call(second.app, 'GET', '/user/getUserInfo', { token });
      expect(info.data.userInfo.email).toBe('keep@example.com');
      const list = await call(second.app, 'GET', '/user_qianbao/getUser_qianbaoList', { token });
      expect(list.data.total).toBe(1);
      expect((await login(second.app, DEMO_EMAIL, DEMO_PASSWORD)).code).toBe(0);
      expect((await login(second.app, 'keep@example.com', 'Secret-pass-123')).code).toBe(0);
    } finally {
      await second.app.close();
    }
  });

  it('seed: false leaves a new database empty', async () => {
    const app = await buildServer({ dataDir: tempDir(), seed: false });
    try {
      expect(await count(app, 'users')).toBe(0);
      expect(await count(app, 'articles')).toBe(0);
    } finally {
      await app.close();
    }
  });

  it.skipIf(postgresUrl())('uses WAL mode on SQLite, with a commit on disk before it returns (synchronous=FULL)', async () => {
    const dataDir = tempDir();
    const app = await buildServer({ dataDir });
    try {
      expect(existsSync(join(dataDir, 'app.db-wal'))).toBe(true);
      const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(app.db);
      expect(rows).toEqual([{ synchronous: 2 }]);
    } finally {
      await app.close();
    }
  });
});
