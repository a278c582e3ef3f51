// The shape of a screen file, shared by the generator, the reference server and the engine.
// ScreenFile and its named parts are generated from schemas/meta/screen.schema.json (the
// meta-schema every screen file is validated with, contract/generated/screen-file.ts); this
// module adds what is not in a screen file: the generator's output shapes and the hand-written
// screens' declarations.
import type { FieldView, FilterDef, JsonSchema, RowAction, ScreenFile } from './generated/screen-file.ts';

export type {
  DataSource,
  DetailDef,
  EndpointDef,
  FieldView,
  FilterDef,
  FormNotice,
  FormSuccess,
  JsonSchema,
  ListDef,
  Page,
  RowAction,
  ScreenFile,
} from './generated/screen-file.ts';

export type ScreenKind = ScreenFile['kind'];
/** Row action kinds, from the engine's row-action registry (src/engine/rowActions.ts). */
export type RowActionKind = NonNullable<RowAction['kind']>;
/** Field formats, from the engine's format registry (src/engine/formats.ts). */
export type FieldFormat = NonNullable<FieldView['format']>;
/** Filter kinds, from the engine's filter registry (src/engine/filters.ts). */
export type FilterKind = NonNullable<FilterDef['kind']>;

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

/** A screen file as the generator emits it for the engine: record and response shapes live in the
 * generated types instead; a form names its precompiled validator (the payload's $id in it). */
export interface ScreenDef extends Omit<ScreenFile, 'record' | 'response'> {
  validatorId?: string;
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
  /** Position among the route's screens of its kind (screen file `order`) */
  order?: number;
  /** The form has a captcha: the route asks for one while the form's chunks load (src/widgets/captcha/early.ts) */
  captcha?: true;
  /** A back-office screen: the operator roles that may call its endpoint (the menu shows it to them) */
  roles?: string[];
  load: () => Promise<unknown>;
}
