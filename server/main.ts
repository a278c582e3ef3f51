// Runs the reference server: PORT (8080), HOST (127.0.0.1), DATA_DIR (./data), STATIC_DIR (./dist).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServer } from './app.ts';
import { databaseLocation } from './core/db/index.ts';
import { DEMO_EMAIL, DEMO_INVITATION_CODE, DEMO_PASSWORD, DEMO_PHONE } from './seed.ts';
import { findUserByEmail } from './platform/sessions/users.ts';

export async function main(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const port = Number(env.PORT ?? 8080);
  const host = env.HOST ?? '127.0.0.1';
  const dataDir = resolve(env.DATA_DIR ?? './data');
  // STATIC_DIR='' means API only (npm run dev, where Vite serves the app); never resolve it to the working directory
  const staticDir = env.STATIC_DIR === '' ? undefined : resolve(env.STATIC_DIR ?? './dist');
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not "${env.PORT}"`);

  const app = await buildServer({ dataDir, staticDir, logger: env.LOG === '1' });
  await app.listen({ port, host });

  const demo = await findUserByEmail(app.db, DEMO_EMAIL);
  const shownHost = host.includes(':') ? `[${host}]` : host;
  console.log(`App: http://${shownHost}:${port}/`);
  if (!staticDir) console.log('  (API only: STATIC_DIR is empty)');
  else if (!existsSync(join(staticDir, 'index.html'))) console.log(`  (no built app in ${staticDir}: API only; run npm run build)`);
  console.log(`Data: ${databaseLocation(dataDir)}`);
  if (demo) console.log(`Demo login: ${DEMO_EMAIL} or ${DEMO_PHONE} / ${DEMO_PASSWORD}`);
  console.log(`Invitation code: ${demo?.invitation_code ?? DEMO_INVITATION_CODE}`);
  console.log('Operator CLI: npm run ops -- help');

  let closing = false;
  const close = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: closing`);
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => close('SIGINT'));
  process.once('SIGTERM', () => close('SIGTERM'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
