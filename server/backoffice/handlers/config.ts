// The console's run-time configuration (issue 42): the live values of the changeable files, a
// change proposed with a reason, the second operator's decision, the rollback and the history.
import { liveConfigVersion, liveTexts, RUNTIME_CONFIG_FILES } from '../../core/live-config.ts';
import { validationError } from '../../core/errors.ts';
import { operatorActor } from '../../platform/audit/actor.ts';
import type { AppContext } from '../../platform/http/context.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { onePage, pageOf } from '../../platform/http/records.ts';
import { textRows } from '../config-texts.ts';
import { decideChange, proposeChange, type Proposal, rollBack } from '../config-changes.ts';
import { listChanges, listVersions } from '../config-history.ts';
import { runtimeFileOf, valueRows } from '../config-values.ts';

export function configHandlers(ctx: AppContext): HandlerTable {
  return {
    adminConfig: async (input, { req }) => {
      const files = input.file ? [runtimeFileOf(input.file)] : RUNTIME_CONFIG_FILES;
      const version = liveConfigVersion();
      const t = ctx.i18n.translator(req.headers.lang);
      return onePage(files.flatMap((f) => valueRows(f, t)).map((r) => ({ ...r, version })));
    },
    adminConfigPropose: async (input, { session, req }) => {
      const changes = input.changes?.length ? input.changes : input.pointer !== undefined && input.value !== undefined ? [{ pointer: input.pointer, value: input.value }] : [];
      if (!changes.length) throw validationError('value', 'admin.configChangesMissing');
      return proposeChange(ctx.db, ctx.i18n, operatorActor(session, req), { file: input.file, changes: changes as Proposal['changes'], reason: input.reason }, ctx.now());
    },
    adminConfigChanges: async (input, { session }) => listChanges(ctx.db, input, Number(session.operator.id)),
    adminConfigDecide: async (input, { session, req }) => decideChange(ctx.db, ctx.i18n, operatorActor(session, req), input, ctx.now()),
    adminConfigRollback: async (input, { session, req }) => rollBack(ctx.db, operatorActor(session, req), input.reason, ctx.now()),
    adminConfigVersions: async (input) => listVersions(ctx.db, input),
    adminConfigTexts: async (input) => {
      const lang = input.lang && ctx.i18n.hasLanguage(input.lang) ? input.lang : ctx.i18n.defaultCode;
      const rows = textRows(ctx.i18n, lang, liveTexts(lang), liveTexts(ctx.i18n.defaultCode), input.q);
      const { page, pageSize, offset } = pageOf(input);
      return { list: rows.slice(offset, offset + pageSize), total: rows.length, page, pageSize };
    },
  };
}
