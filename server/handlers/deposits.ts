// PLACEHOLDER: to be written (funds issue).
import type { AppContext } from '../context.ts';
import type { HandlerTable } from '../http/handler.ts';

export function depositHandlers(_ctx: AppContext): HandlerTable {
  return {};
}
