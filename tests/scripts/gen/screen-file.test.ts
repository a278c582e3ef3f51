import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadMetaSchema } from '../../../contract/loader';
import { SCREEN_FILE_MODULE, screenFileModule } from '../../../scripts/gen/screen-file';

const ROOT = resolve(import.meta.dirname, '../../..');

describe('the ScreenFile type', () => {
  it('is generated from the meta-schema, so a property the meta-schema gains is in the type', async () => {
    const meta = loadMetaSchema();
    const properties = {
      ...(meta.properties as object),
      helpLink: {
        type: 'string',
        description: 'A page that explains the screen',
      },
    };
    const code = await screenFileModule({ ...meta, properties });
    expect(code).toMatch(/\/\*\*\n {3}\* A page that explains the screen\n {3}\*\/\n {2}helpLink\?: string;/);
  });

  it('names the parts the meta-schema titles, and types free-form JSON Schema parts as JsonSchema', async () => {
    const code = await screenFileModule(loadMetaSchema());
    for (const name of ['EndpointDef', 'FilterDef', 'FieldView', 'RowAction', 'ListDef', 'DetailDef', 'FormSuccess', 'FormNotice', 'DataSource'])
      expect(code).toMatch(new RegExp(`export (interface|type) ${name}\\b`));
    expect(code).toContain('  ui?: JsonSchema;');
  });

  it('is what npm run gen wrote', async () => {
    expect(readFileSync(join(ROOT, SCREEN_FILE_MODULE), 'utf8')).toBe(await screenFileModule(loadMetaSchema()));
  });
});
