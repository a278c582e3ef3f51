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

/** Row action kinds, from the engine's row-action registry (src/engine/rowActions.ts). */
export type RowActionKind = 'mutation' | 'copy';

export interface RowAction {
  id: string;
  label: string;
  /** mutation (default): a confirmed call of `endpoint` with the row's ID; copy: `field`'s value to the clipboard */
  kind?: RowActionKind;
  /** The record field a copy action copies */
  field?: string;
  /** Shown only on rows where this record field is true */
  when?: string;
  /** Hidden on rows where this record field is true */
  unless?: string;
  confirm?: string;
  toast?: string;
  /** Required for a mutation */
  endpoint?: EndpointDef;
}

/** Field formats, from the engine's format registry (src/engine/formats.ts). */
export type FieldFormat = 'text' | 'datetime' | 'amount' | 'signedAmount' | 'percent' | 'status' | 'coin' | 'pair' | 'masked' | 'image' | 'iban' | 'html' | 'countdown';

export interface FieldView {
  field: string;
  label: string;
  format?: FieldFormat;
  /** Locale key prefix: the value is shown as t(prefix.value) */
  values?: string;
  /**
   * Decimals of an amount: a number, or the record's market's "price" / "amount" decimals
   * (markets.json). Default: the decimals of the record's coin (coinField, coin, coinname) or of
   * its market's quote coin (symbol), else 6.
   */
  decimals?: number | 'price' | 'amount';
  /** The record field naming the coin this amount is in: its decimals, and the coin after the value */
  coinField?: string;
  /** percent: the value is a ratio ("0.001" is shown as 0.10 %) */
  ratio?: boolean;
  /** Locale key shown when the value is empty (a field with an empty value is otherwise left out) */
  empty?: string;
  /** A detail field with a copy button (addresses, codes, references) */
  copy?: boolean;
}

/** Filter kinds, from the engine's filter registry (src/engine/filters.ts). */
export type FilterKind = 'select' | 'coin' | 'pair';

export interface FilterDef {
  field: string;
  label: string;
  /** Filter kind, from the engine's filter registry (default "select": the options below) */
  kind?: FilterKind;
  options?: { value: string | number; label?: string }[];
}

/** The bottom tabs. */
export type TabId = 'home' | 'market' | 'deal' | 'property';
export type StatusBarColor = 'teal' | 'green' | 'dark';

/** A route a hand-written screen draws, with what the shell does on it. */
export interface HandWrittenRoute {
  path: string;
  /** Locale key of the nav-bar title (default route.<area>.<page>) */
  title?: string;
  /** Opens without a session (the guard's whitelist) */
  public?: boolean;
  /** The bottom tab the route is */
  tab?: TabId;
  statusBar?: StatusBarColor;
  /** No nav bar (the screen draws its own header) */
  bare?: boolean;
}

/**
 * A hand-written screen's declaration: `src/screens/<area>/<Name>Screen.screen.json` beside
 * `<Name>Screen.tsx`. The screen's name is the file's without "Screen", first letter lower-case.
 */
export interface HandWrittenScreen {
  name: string;
  /** The module, relative to src/screens, without extension (home/HomeScreen) */
  module: string;
  routes: HandWrittenRoute[];
  /** Opens once the locale's screen-text part is loaded too (src/i18n/parts.ts) */
  screenTexts?: boolean;
}

export interface ScreenFile {
  id: string;
  kind: ScreenKind;
  routes?: string[];
  /**
   * Route query this screen needs to be drawn: parameter -> value it must have, or true for any.
   * Several kinds of record share a route (/stake/detail: a mining machine or a financing product).
   */
  routeQuery?: Record<string, string | true>;
  title?: string;
  /** Its routes open without a session (the guard's whitelist) */
  public?: boolean;
  statusBar?: StatusBarColor;
  tab?: string;
  auth?: boolean;
  /** The endpoint needs a verified identity: others get 4025 before the handler runs (server/platform/http/endpoints.ts) */
  verified?: boolean;
  endpoint: EndpointDef;
  payload?: JsonSchema;
  response?: JsonSchema;
  record?: JsonSchema;
  filters?: FilterDef[];
  ui?: JsonSchema;
  messages?: Record<string, string>;
  /** Live data the form's x-limits read, by name (see contract/limits.ts SourceDef) */
  sources?: Record<string, { endpoint: string; args?: Record<string, unknown>; list?: string; match?: Record<string, string> }>;
  /** The business code (spec §8) the server answers when a live limit is broken; code 7 where none is given */
  limitCodes?: Partial<Record<'minimum' | 'maximum' | 'available' | 'decimals', number>>;
  /** Business error codes (40xx) whose message belongs under a field: code -> field */
  fieldErrors?: Record<string, string>;
  /** session: the response is a new session; logout: the change ended the session (the user logs in again) */
  success?: { toast?: string; navigate?: string; session?: boolean; logout?: boolean };
  /** A form: path into its sources of a block ({reason, until, link} or null) that stops it being sent */
  block?: string;
  /** A form: notes shown while a source value (a path into the sources) is true */
  /** Shown while `when` (a path into the sources) holds true or a non-empty text, quoted in the message as {{value}} */
  notices?: { when: string; text: string }[];
  list?: {
    titleField: string;
    /** Format of the title field (default text) */
    titleFormat?: FieldFormat;
    subtitleField?: string;
    fields?: FieldView[];
    detailRoute?: string;
    /** Query of the detail route: parameter -> record field (default { id: 'ID' }) */
    detailQuery?: Record<string, string>;
    /** An Export button: every record matching the filters as CSV */
    export?: boolean;
    addRoute?: string;
    /** Links to related pages in the toolbar (the earnings list to its curve) */
    links?: { to: string; label: string }[];
    addLabel?: string;
    empty?: string;
    rowActions?: RowAction[];
  };
  detail?: { titleField: string; titleFormat?: FieldFormat; bodyField?: string; fields?: FieldView[] };
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

/** Whether a screen's form draws a captcha widget. */
export function hasCaptcha(screen: Pick<ScreenFile, 'ui'>): boolean {
  return Object.values(screen.ui ?? {}).some((field) => (field as Record<string, unknown> | null)?.['ui:widget'] === 'captcha');
}

/** A routed screen in the generated manifest; its module loads when the route opens. */
export interface ScreenEntry {
  id: string;
  kind: ScreenKind;
  routes: string[];
  routeQuery?: Record<string, string | true>;
  title?: string;
  tab?: string;
  /** The form has a captcha: the route asks for one while the form's chunks load (src/widgets/captcha/early.ts) */
  captcha?: true;
  load: () => Promise<unknown>;
}
