// The one set of widgets every schema form draws with: the theme fills it (./theme.ts), and an
// entry whose forms need more adds them at start (the back office's role checkboxes), without
// loading the theme itself, so that neither the customer app's form bundle nor the back office's
// first load carries what it does not use.
import type { RegistryWidgetsType } from '@rjsf/utils';

export const widgets: RegistryWidgetsType = {};

export function addWidgets(extra: RegistryWidgetsType): void {
  Object.assign(widgets, extra);
}
