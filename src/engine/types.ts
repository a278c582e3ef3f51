// What the React engine adds to a screen file: the generated module's shape and the
// component type of a screen kind. The file types themselves live in contract/screen.ts.
import type { ComponentType } from 'react';
import type { ScreenDef } from '../../contract/screen';

export type { EndpointDef, FieldView, FilterDef, JsonSchema, RowAction, ScreenDef, ScreenEntry, ScreenFile, ScreenKind } from '../../contract/screen';

/** What a generated screen module exports. */
export interface ScreenModule {
  screen: ScreenDef;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- endpoint hooks differ per screen; the engine reads them generically
  endpoint: any;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  rowActions: Record<string, any>;
  validate?: Record<string, unknown>;
  /** Endpoints of the screen's data sources, by source name */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  sources?: Record<string, any>;
  /** The endpoint a form is sent to while screen.resubmit.when holds (a rejected record updated, not created) */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  resubmit?: any;
}

export type ScreenComponent = ComponentType<{ module: ScreenModule }>;
