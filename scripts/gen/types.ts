// Emits every schema type once, into contract/generated/: the entity shapes of
// schemas/entities/, the payload and response types the screen files declare, and the
// Endpoints map (input, output and auth of every endpoint by name) that the server's
// handlers and the client's endpoints are typed with.
import { dirname, resolve } from 'node:path';
import { compile } from 'json-schema-to-typescript';
import { clientOnlyFields, decimalFields, type JsonSchema, type LoadedEntity, type LoadedScreen, mapFileRefs } from '../../contract/loader.ts';
import type { EndpointDef, FilterDef, ScreenFile } from '../../contract/screen.ts';
import { pascal } from './naming.ts';

const TS_OPTIONS = {
  bannerComment: '',
  additionalProperties: false,
  unknownAny: true,
  strictIndexSignatures: true,
  format: true,
  style: { singleQuote: true, printWidth: 120 },
} as const;

/** The generated types a screen module needs: payload, response and record type names. */
export interface ScreenTypes {
  payload?: string;
  response?: string;
  record?: string;
}

export interface TypesOutput {
  /** contract/generated/types.ts */
  types: string;
  /** contract/generated/endpoints.ts */
  endpoints: string;
  /** Type names per screen id */
  byScreen: Map<string, ScreenTypes>;
}

function titleOf(schema: JsonSchema, source: string): string {
  if (typeof schema.title !== 'string') throw new Error(`${source}: a schema the generator types needs a "title"`);
  return schema.title;
}

class Declarations {
  private readonly code = new Map<string, { source: string; text: string }>();

  async add(name: string, schema: JsonSchema, source: string): Promise<void> {
    // an object with no fields (an endpoint that takes none) is `{}` to the compiler, which allows any value
    const empty = schema.type === 'object' && schema.additionalProperties === false && Object.keys(schema.properties ?? {}).length === 0;
    const text = empty ? `export type ${name} = Record<string, never>;` : (await compile({ ...schema, title: name } as never, name, TS_OPTIONS)).trim();
    const seen = this.code.get(name);
    if (seen && seen.text !== text) throw new Error(`${source} and ${seen.source} both declare a different type "${name}"`);
    if (!seen) this.code.set(name, { source, text });
  }

  render(): string {
    return [...this.code.keys()]
      .sort()
      .map((name) => this.code.get(name)!.text)
      .join('\n\n');
  }

  names(): string[] {
    return [...this.code.keys()];
  }
}

const literal = (v: string | number) => (typeof v === 'number' ? String(v) : `'${v.replace(/'/g, "\\'")}'`);

function filterType(f: FilterDef): string {
  if (f.kind === 'coin' || f.kind === 'pair' || f.kind === 'text') return 'string';
  return [...new Set((f.options ?? []).map((o) => literal(o.value)))].join(' | ') || 'never';
}

function fixedQueryType(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  return Object.entries(query)
    .map(([k, v]) => `${k}: ${typeof v === 'number' ? 'number' : typeof v === 'boolean' ? 'boolean' : 'string'}`)
    .join('; ');
}

interface EndpointTypes {
  name: string;
  auth: boolean;
  /** A back-office endpoint (audience "operator") */
  operator?: boolean;
  input: string;
  output: string;
  source: string;
}

function endpointTypes(screen: ScreenFile, types: ScreenTypes, source: string): EndpointTypes[] {
  const auth = screen.auth !== false;
  const e: EndpointDef = screen.endpoint;
  const out: EndpointTypes[] = [];
  const fixed = fixedQueryType(e.query);
  const merge = (base: string) => (fixed ? (base === 'Empty' ? `{ ${fixed} }` : `${base} & { ${fixed} }`) : base);
  switch (screen.kind) {
    case 'form':
    case 'action': {
      const decimals = decimalFields(screen.payload);
      const omit = [...clientOnlyFields(screen.payload), ...decimals];
      const wide = decimals.map((k) => `${k}${(screen.payload?.required as string[] | undefined)?.includes(k) ? '' : '?'}: string | number`);
      const base = types.payload ? (omit.length ? `Omit<${types.payload}, ${omit.map(literal).join(' | ')}>` : types.payload) : 'Empty';
      // the server takes an amount (x-decimal) as a decimal string or a JSON number
      const payload = wide.length ? `${base} & { ${wide.join('; ')} }` : base;
      out.push({ name: e.name, auth, input: merge(payload), output: types.response ?? 'null', source });
      break;
    }
    case 'list': {
      const filters = (screen.filters ?? []).map((f) => `${f.field}?: ${filterType(f)}`);
      const paging = e.paging ? ['page?: number', 'pageSize?: number'] : [];
      const fields = [...paging, ...filters];
      const query = fields.length ? `{ ${fields.join('; ')} }` : 'Empty';
      // a list's payload: query fields besides its filters (optional, as filters are)
      const input = types.payload ? (fields.length ? `${query} & Partial<${types.payload}>` : `Partial<${types.payload}>`) : query;
      out.push({ name: e.name, auth, input: merge(input), output: `Page<${types.record}>`, source });
      for (const a of screen.list?.rowActions ?? []) if (a.endpoint) out.push({ name: a.endpoint.name, auth, input: '{ ID: number }', output: 'null', source });
      break;
    }
    case 'detail':
      out.push({ name: e.name, auth, input: types.payload ?? '{ ID: number }', output: types.record!, source });
      break;
  }
  return screen.audience === 'operator' ? out.map((t) => ({ ...t, operator: true })) : out;
}

export async function generateTypes(screens: LoadedScreen[], entities: LoadedEntity[], banner: (source: string) => string): Promise<TypesOutput> {
  const decl = new Declarations();
  const entityTitle = new Map(entities.map((e) => [e.file, titleOf(e.raw, e.source)]));
  const asTypeName = (file: string) => {
    const name = entityTitle.get(file);
    if (!name) throw new Error(`${file} is $ref'd but is not an entity under schemas/entities/`);
    return { tsType: name };
  };
  for (const e of entities) {
    const { $schema: _s, ...schema } = mapFileRefs(e.raw, dirname(e.file), asTypeName) as JsonSchema;
    await decl.add(titleOf(e.raw, e.source), schema, e.source);
  }

  const byScreen = new Map<string, ScreenTypes>();
  const endpoints: EndpointTypes[] = [];
  for (const { raw, dir, source, screen } of screens) {
    const Id = pascal(screen.id);
    const types: ScreenTypes = {};
    for (const [part, fallback] of [
      ['payload', `${Id}Payload`],
      ['response', `${Id}Response`],
      ['record', `${Id}Record`],
    ] as const) {
      const schema = raw[part];
      if (!schema) continue;
      if (typeof schema.$ref === 'string') {
        types[part] = asTypeName(resolve(dir, schema.$ref)).tsType;
        continue;
      }
      const name = typeof schema.title === 'string' ? schema.title : fallback;
      await decl.add(name, mapFileRefs(schema, dir, asTypeName) as JsonSchema, source);
      types[part] = name;
    }
    byScreen.set(screen.id, types);
    endpoints.push(...endpointTypes(screen, types, source));
  }

  const names = new Map<string, string>();
  for (const e of endpoints) {
    const other = names.get(e.name);
    if (other) throw new Error(`${e.source}: endpoint name "${e.name}" is also declared by ${other}`);
    names.set(e.name, e.source);
  }

  const types = [
    banner('entities/*.json, screens/*.json and endpoints/*.json'),
    '// Every record, payload and response type, declared once.',
    '',
    decl.render(),
    '',
  ].join('\n');

  const used = decl.names().filter((n) => endpoints.some((e) => new RegExp(`\\b${n}\\b`).test(`${e.input} ${e.output}`)));
  const endpointCode = [
    banner('screens/*.json and endpoints/*.json'),
    '// Input, output and authentication of every endpoint, by its name in the schema files.',
    `import type { Page } from './screen-file';`,
    used.length ? `import type { ${used.sort().join(', ')} } from './types';` : '',
    '',
    'type Empty = Record<string, never>;',
    '',
    'export interface Endpoints {',
    ...[...endpoints]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((e) => `  ${e.name}: { auth: ${e.auth};${e.operator ? ' operator: true;' : ''} input: ${e.input}; output: ${e.output} };`),
    '}',
    '',
    'export type EndpointName = keyof Endpoints;',
    '',
  ]
    .filter((l, i, all) => !(l === '' && all[i - 1] === ''))
    .join('\n');

  return { types, endpoints: endpointCode, byScreen };
}
