// The shape of a screen file (schemas/meta/screen.schema.json), shared by the
// generator, the reference server and the engine. Pure types: no imports.

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
  options: { value: string | number; label?: string }[];
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

/** A screen file as the generator emits it: formSchema is the payload with its validator $id. */
export interface ScreenDef extends ScreenFile {
  formSchema?: JsonSchema;
}
