// The shape of a screen file (schemas/meta/screen.schema.json), shared by the
// generator, the reference server and the engine. No imports.

export type JsonSchema = { [key: string]: unknown };
export type ScreenKind = 'form' | 'list' | 'detail' | 'action';

export interface EndpointDef {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  paging?: { pageSize: number };
  query?: Record<string, unknown>;
  encoding?: 'json' | 'form';
  provides?: string[];
  invalidates?: string[];
}

export interface RowAction {
  id: string;
  label: string;
  confirm?: string;
  toast?: string;
  endpoint: EndpointDef;
}

export interface FieldView {
  field: string;
  label: string;
  format?: 'text' | 'datetime' | 'masked' | 'status';
  /** Locale key prefix: the value is shown as t(prefix.value) */
  values?: string;
}

export interface FilterDef {
  field: string;
  label: string;
  /** Filter kind, from the engine's filter registry (default "select": the options below) */
  kind?: 'select' | 'coin' | 'pair';
  options?: { value: string | number; label?: string }[];
}

export interface ScreenFile {
  id: string;
  kind: ScreenKind;
  routes?: string[];
  title?: string;
  tab?: string;
  auth?: boolean;
  endpoint: EndpointDef;
  payload?: JsonSchema;
  response?: JsonSchema;
  record?: JsonSchema;
  filters?: FilterDef[];
  ui?: JsonSchema;
  messages?: Record<string, string>;
  success?: { toast?: string; navigate?: string; session?: boolean };
  list?: {
    titleField: string;
    subtitleField?: string;
    fields?: FieldView[];
    detailRoute?: string;
    addRoute?: string;
    addLabel?: string;
    empty?: string;
    rowActions?: RowAction[];
  };
  detail?: { titleField: string; bodyField?: string; fields?: FieldView[] };
}

/** A screen file as the generator emits it for the engine: record and response shapes live in the
 * generated types instead; a form names its precompiled validator (the payload's $id in it). */
export interface ScreenDef extends Omit<ScreenFile, 'record' | 'response'> {
  validatorId?: string;
}

/** One page of a list endpoint. */
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** The schema rjsf renders and validates: the payload with an $id that names its precompiled validator. */
export function formSchemaOf(payload: JsonSchema | undefined, validatorId: string | undefined): JsonSchema {
  return { ...payload, $id: validatorId };
}

/** A routed screen in the generated manifest; its module loads when the route opens. */
export interface ScreenEntry {
  id: string;
  kind: ScreenKind;
  routes: string[];
  title?: string;
  tab?: string;
  load: () => Promise<unknown>;
}
