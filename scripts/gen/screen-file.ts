// The ScreenFile type (and the named parts of it the engine, the server and the generator use)
// from schemas/meta/screen.schema.json, the meta-schema that check:schemas validates every
// screen file with: the type and the check cannot drift apart. A part is named by its `title`
// in the meta-schema; free-form JSON Schema parts say `"tsType": "JsonSchema"`.
import { compile } from 'json-schema-to-typescript';
import { banner } from './module.ts';

export const SCREEN_FILE_MODULE = 'contract/generated/screen-file.ts';

export async function screenFileModule(meta: Record<string, unknown>): Promise<string> {
  const { $schema: _schema, ...schema } = meta;
  const types = await compile(schema as Parameters<typeof compile>[0], 'ScreenFile', {
    bannerComment: '',
    additionalProperties: false,
    unknownAny: true,
    strictIndexSignatures: false,
    format: true,
    style: { singleQuote: true, printWidth: 120 },
  });
  return [
    banner('meta/screen.schema.json'),
    '/** A JSON Schema as a screen file holds one (payload, response, record, ui). */',
    'export type JsonSchema = { [key: string]: unknown };',
    '',
    '/** One page of a list endpoint. */',
    'export interface Page<T> {',
    '  list: T[];',
    '  total: number;',
    '  page: number;',
    '  pageSize: number;',
    '}',
    '',
    types,
  ].join('\n');
}
