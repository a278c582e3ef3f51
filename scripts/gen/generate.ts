// Pure: schema files in, generated files (path -> content) out.
import type { LoadedScreen } from '../../contract/loader.ts';
import { banner, screenModule } from './module.ts';
import { validatorCode } from './validators.ts';

export const GENERATED_DIR = 'src/api/generated';

export async function generate(screens: LoadedScreen[]): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const ids = new Set<string>();
  const tags = new Set<string>();
  const manifest: string[] = [];

  for (const { screen, source } of screens) {
    if (ids.has(screen.id)) throw new Error(`two screens share the id "${screen.id}"`);
    ids.add(screen.id);
    for (const e of [screen.endpoint, ...(screen.list?.rowActions ?? []).map((a) => a.endpoint)]) {
      for (const t of [...(e.provides ?? []), ...(e.invalidates ?? [])]) tags.add(t);
    }
    const out = await screenModule(screen, source);
    files.set(`${GENERATED_DIR}/screens/${screen.id}.ts`, out.code);
    if (out.formSchema) {
      files.set(`${GENERATED_DIR}/validators/${screen.id}.js`, `${banner(source)}${validatorCode(out.formSchema)}\n`);
    }
    if (screen.routes?.length) {
      const entry = {
        id: screen.id,
        kind: screen.kind,
        routes: screen.routes,
        title: screen.title,
        ...(screen.tab ? { tab: screen.tab } : {}),
      };
      const json = JSON.stringify(entry).slice(0, -1);
      manifest.push(`  { ${json.slice(1)}, load: () => import('./screens/${screen.id}') },`);
    }
  }

  files.set(
    `${GENERATED_DIR}/tags.ts`,
    `${banner('screens/*.json and endpoints/*.json')}\nexport const TAG_TYPES = ${JSON.stringify([...tags].sort()).replace(/"/g, "'")} as const;\n`,
  );
  files.set(
    `${GENERATED_DIR}/manifest.ts`,
    [
      banner('screens/*.json'),
      `import type { ScreenEntry } from '../../engine/types';`,
      '',
      '/** Screens that own a route; each module loads only when its route opens. */',
      'export const SCREENS: readonly ScreenEntry[] = [',
      ...manifest,
      '];',
      '',
    ].join('\n'),
  );
  return files;
}
