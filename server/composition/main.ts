// Runs the reference server: PORT (8080), HOST (127.0.0.1), DATA_DIR (./data), STATIC_DIR (./dist).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServer } from './app.ts';
import { databaseLocation } from '../core/db/index.ts';
import { DEMO_EMAIL, DEMO_INVITATION_CODE, DEMO_PASSWORD, DEMO_PHONE } from './seed.ts';
import { findUserByEmail } from '../platform/sessions/users.ts';
import { type InstallMode, installMode, installModeOfEnvironment } from './install-mode.ts';

export interface BannerFacts {
  url: string;
  app: 'built' | 'not-built' | 'api-only';
  staticDir?: string;
  data: string;
  mode: InstallMode;
  /** The demo account, when the database has it */
  demo?: { invitation_code: string };
}

/** What `npm start` prints: where the app is, which install this is and what that means, and (a demo) how to sign in. */
export function startBanner(f: BannerFacts): string[] {
  const lines = [`App: ${f.url}`];
  if (f.app === 'api-only') lines.push('  (API only: STATIC_DIR is empty)');
  if (f.app === 'not-built') lines.push(`  (no built app in ${f.staticDir}: API only; run npm run build)`);
  lines.push(`Data: ${f.data}`);
  if (f.mode === 'demo') {
    lines.push(
      'DEMO INSTALL: demo account and products seeded; the operator CLI credits and decides reviews in one step as the host,',
      '  and reads captcha answers and the outbox (each audited). For a real installation start with NODE_ENV=production.',
    );
    if (f.demo) lines.push(`Demo login: ${DEMO_EMAIL} or ${DEMO_PHONE} / ${DEMO_PASSWORD}`);
    lines.push(`Invitation code: ${f.demo?.invitation_code ?? DEMO_INVITATION_CODE}`);
  } else {
    lines.push(
      'PRODUCTION INSTALL (NODE_ENV=production): nothing seeded; money and reviews need named operators:',
      '  the back office at /admin/, or npm run ops -- <command> --as NAME (four eyes, roles and audit as in the console).',
    );
    if (f.demo) lines.push(`  Warning: the demo account ${DEMO_EMAIL} is in this database (it ran as a demo install); freeze it: npm run ops -- freeze ${DEMO_EMAIL}`);
  }
  lines.push('Operator CLI: npm run ops -- help');
  return lines;
}

export async function main(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const port = Number(env.PORT ?? 8080);
  const host = env.HOST ?? '127.0.0.1';
  const dataDir = resolve(env.DATA_DIR ?? './data');
  // STATIC_DIR='' means API only (npm run dev, where Vite serves the app); never resolve it to the working directory
  const staticDir = env.STATIC_DIR === '' ? undefined : resolve(env.STATIC_DIR ?? './dist');
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not "${env.PORT}"`);

  const app = await buildServer({ dataDir, staticDir, logger: env.LOG === '1', installMode: installModeOfEnvironment(env) });
  await app.listen({ port, host });

  const shownHost = host.includes(':') ? `[${host}]` : host;
  const address = app.server.address();
  const shownPort = address && typeof address === 'object' ? address.port : port;
  const built = !staticDir ? 'api-only' : existsSync(join(staticDir, 'index.html')) ? 'built' : 'not-built';
  const banner = startBanner({
    url: `http://${shownHost}:${shownPort}/`,
    app: built,
    staticDir,
    data: databaseLocation(dataDir),
    mode: await installMode(app.db, env),
    demo: await findUserByEmail(app.db, DEMO_EMAIL),
  });
  console.log(banner.join('\n'));

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
