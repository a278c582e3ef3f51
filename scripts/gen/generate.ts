// Pure: schema files in, generated files (path -> content) out.
import type { LoadedEntity, LoadedScreen } from '../../contract/loader.ts';
import { type HandWrittenScreen, hasCaptcha } from '../../contract/screen.ts';
import { banner, screenModule } from './module.ts';
import { SCREEN_FILE_MODULE, screenFileModule } from './screen-file.ts';
import { LOADERS_DIR, loadersModule, routeRows, ROUTES_DIR, routesModule } from './routes.ts';
import { generateTypes } from './types.ts';
import { validatorCode } from './validators.ts';

export const GENERATED_DIR = 'src/api/generated';
/** Types every side imports (server handlers included) live in the contract module. */
export const CONTRACT_GENERATED_DIR = 'contract/generated';
export const GENERATED_DIRS = [GENERATED_DIR, CONTRACT_GENERATED_DIR, ROUTES_DIR, LOADERS_DIR] as const;

function manifestModule(source: string, name: string, doc: string, entries: string[]): string {
  return [
    banner(source),
    `import type { ScreenEntry } from '../../../contract/screen';`,
    '',
    `/** ${doc} */`,
    `export const ${name}: readonly ScreenEntry[] = [`,
    ...entries,
    '];',
    '',
  ].join('\n');
}

/**
 * `handWritten`: the hand-written screens' declarations (contract/loader.ts loadHandWrittenScreens);
 * `meta`: the screen files' meta-schema, which the ScreenFile type is generated from.
 */
export async function generate(
  screens: LoadedScreen[],
  entities: LoadedEntity[],
  handWritten: HandWrittenScreen[] = [],
  meta?: Record<string, unknown>,
): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const seen = new Set<string>();
  for (const { screen } of screens) {
    if (seen.has(screen.id)) throw new Error(`two screens share the id "${screen.id}"`);
    seen.add(screen.id);
  }
  const typed = await generateTypes(screens, entities, banner);
  // which generated module holds each endpoint, for forms whose sources read another screen's endpoint
  const moduleOf = new Map(screens.map(({ screen }) => [screen.endpoint.name, screen.id]));
  files.set(`${CONTRACT_GENERATED_DIR}/types.ts`, typed.types);
  files.set(`${CONTRACT_GENERATED_DIR}/endpoints.ts`, typed.endpoints);
  if (meta) files.set(SCREEN_FILE_MODULE, await screenFileModule(meta));
  const tags = new Set<string>();
  const adminTags = new Set<string>();
  const manifest: string[] = [];
  // the back office's screens (audience "operator") are the admin entry's: never in the customer app's table
  const adminManifest: string[] = [];

  for (const { screen, source } of screens) {
    const tagsOf = screen.audience === 'operator' ? adminTags : tags;
    for (const t of [...(screen.endpoint.provides ?? []), ...(screen.endpoint.invalidates ?? [])]) tagsOf.add(t);
    for (const a of screen.list?.rowActions ?? []) for (const t of a.endpoint?.invalidates ?? []) tagsOf.add(t);
    const out = await screenModule(screen, source, typed.byScreen.get(screen.id)!, moduleOf);
    files.set(`${GENERATED_DIR}/screens/${screen.id}.ts`, out.code);
    if (out.formSchema) {
      files.set(`${GENERATED_DIR}/validators/${screen.id}.js`, `${banner(source)}${validatorCode(out.formSchema)}\n`);
    }
    if (screen.routes?.length) {
      const entry = {
        id: screen.id,
        kind: screen.kind,
        routes: screen.routes,
        ...(screen.routeQuery ? { routeQuery: screen.routeQuery } : {}),
        title: screen.title,
        ...(screen.tab ? { tab: screen.tab } : {}),
        ...(screen.order ? { order: screen.order } : {}),
        ...(hasCaptcha(screen) ? { captcha: true } : {}),
        ...(screen.audience === 'operator' && screen.roles ? { roles: screen.roles } : {}),
      };
      const json = JSON.stringify(entry).slice(0, -1);
      (screen.audience === 'operator' ? adminManifest : manifest).push(`  { ${json.slice(1)}, load: () => import('./screens/${screen.id}') },`);
    }
  }

  files.set(
    `${CONTRACT_GENERATED_DIR}/tags.ts`,
    [
      banner('screens/*.json, endpoints/*.json and admin/*.json'),
      `export const TAG_TYPES = ${JSON.stringify([...tags].sort()).replace(/"/g, "'")} as const;`,
      '',
      "/** The back office's (src/api/admin-base.ts adds them to the api there). */",
      `export const ADMIN_TAG_TYPES = ${JSON.stringify([...adminTags].sort()).replace(/"/g, "'")} as const;`,
      '',
    ].join('\n'),
  );
  const customerScreens = screens.map((s) => s.screen).filter((s) => s.audience !== 'operator');
  files.set(`${ROUTES_DIR}/routes.ts`, routesModule(routeRows(customerScreens, handWritten)));
  files.set(`${LOADERS_DIR}/loaders.ts`, loadersModule(handWritten));
  files.set(
    `${GENERATED_DIR}/manifest.ts`,
    manifestModule('screens/*.json', 'SCREENS', 'Screens that own a route; each module loads only when its route opens.', manifest),
  );
  files.set(
    `${GENERATED_DIR}/admin-manifest.ts`,
    manifestModule(
      'admin/*.json',
      'ADMIN_SCREENS',
      "The back office's screens (src/admin), by route; each module loads only when its route opens.",
      adminManifest,
    ),
  );
  return files;
}
