// `npm run ops -- config export`: what the published run-time configuration changed against the
// files in schemas/config, as one JSON Patch (RFC 6902) per file, so a team that keeps its
// configuration in git can take it back; with --write the files themselves are rewritten (JSON,
// two-space indent), and `git diff` shows the same change.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCHEMAS_DIR } from '../../../contract/loader.ts';
import type { Db } from '../../core/db/index.ts';
import { defaultConfig, publishedConfig, type RuntimeConfigFile } from '../../core/live-config.ts';

export interface PatchOp {
  op: 'replace';
  path: string;
  value: unknown;
}

const token = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Replace operations turning `from` into `to`, value by value (a list of plain values is one value). */
export function replaceOps(from: unknown, to: unknown, path = ''): PatchOp[] {
  if (isObject(from) && isObject(to)) return Object.keys(to).flatMap((k) => replaceOps(from[k], to[k], `${path}/${token(k)}`));
  if (Array.isArray(from) && Array.isArray(to) && from.length === to.length && to.some((v) => typeof v === 'object' && v !== null))
    return to.flatMap((v, i) => replaceOps(from[i], v, `${path}/${i}`));
  return JSON.stringify(from) === JSON.stringify(to) ? [] : [{ op: 'replace', path: path || '/', value: to }];
}

export interface ConfigExport {
  version: number;
  files: { file: string; patch: PatchOp[]; value: unknown }[];
}

export async function configExport(db: Db): Promise<ConfigExport> {
  const published = await publishedConfig(db);
  const files = Object.entries(published.files).map(([name, value]) => ({
    file: `schemas/config/${name}.json`,
    patch: replaceOps(defaultConfig(name as RuntimeConfigFile), value),
    value,
  }));
  return { version: published.version, files: files.filter((f) => f.patch.length) };
}

/** Rewrites each changed file under `schemasDir` (default: this repo's schemas/) with its published value. */
export function writeConfigExport(exported: ConfigExport, schemasDir = SCHEMAS_DIR): string[] {
  return exported.files.map(({ file, value }) => {
    const path = join(schemasDir, 'config', file.replace(/^schemas\/config\//, ''));
    writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
    return path;
  });
}
