// The console's one CSV export of any of its lists (issue 41: the queue, the customers, each
// section of the customer in one view): the list named by its endpoint is read page by page as
// the asking operator, through the list's own route (the same roles, filter checks and order the
// screen gets), up to EXPORT_MAX_ROWS rows, and written as CSV of the fields the list shows, raw
// (ISO times, plain decimals), as the history and audit exports are. The export is an audit row.
import { loadScreens } from '../../contract/loader.ts';
import type { Db } from '../core/db/index.ts';
import { ApiError, validationError } from '../core/errors.ts';
import type { Actor } from '../platform/audit/actor.ts';
import { appendAudit } from '../platform/audit/audit.ts';
import { csvOf, filterOf } from '../platform/http/csv.ts';
import type { PublicCall } from '../platform/http/handler.ts';
import { ADMIN_TOKEN_HEADER } from '../platform/operators/operator-sessions.ts';

type Request = PublicCall['req'];

export const EXPORT_MAX_ROWS = 10_000;
const PAGE_SIZE = 100;

interface ExportableList {
  path: string;
  paged: boolean;
  columns: string[];
}

let lists: Map<string, ExportableList> | undefined;

/** The console lists whose export goes through here (list.exportEndpoint.withList), by endpoint name. */
function exportableLists(): Map<string, ExportableList> {
  lists ??= new Map(
    loadScreens().flatMap(({ screen }) => {
      const list = screen.list;
      if (screen.kind !== 'list' || screen.audience !== 'operator' || !list?.exportEndpoint?.withList) return [];
      const columns = [...new Set([list.titleField, ...(list.subtitleField ? [list.subtitleField] : []), ...(list.fields ?? []).map((f) => f.field)])];
      return [[screen.endpoint.name, { path: screen.endpoint.path, paged: Boolean(screen.endpoint.paging), columns }]];
    }),
  );
  return lists;
}

type Envelope = { code: number; msg: string; data: { list?: Record<string, unknown>[]; total?: number } | null };

/** One page of the list as the operator's own request would read it; its refusal (already in their language) is the export's. */
async function readPage(
  req: Request,
  list: ExportableList,
  filters: Record<string, string>,
  page: number,
): Promise<{ rows: Record<string, unknown>[]; total: number }> {
  // the API's prefix (/api): the plugin the endpoints are registered in knows it
  const res = await req.server.inject({
    method: 'GET',
    url: `${req.server.prefix}${list.path}`,
    query: list.paged ? { ...filters, page: String(page), pageSize: String(PAGE_SIZE) } : filters,
    headers: { [ADMIN_TOKEN_HEADER]: String(req.headers[ADMIN_TOKEN_HEADER] ?? ''), lang: String(req.headers.lang ?? '') },
    remoteAddress: req.ip,
  });
  const body = res.json() as Envelope;
  if (body.code !== 0) throw new ApiError(body.code, body.msg, body.data, undefined, res.statusCode);
  const rows = body.data?.list ?? [];
  return { rows, total: Number(body.data?.total ?? rows.length) };
}

/** Every row of the list `endpoint` under `filters` as CSV, audited; a list without an export is refused under `endpoint`. */
export async function exportList(db: Db, req: Request, actor: Actor, endpoint: string, filters: Record<string, string>, now: number) {
  const list = exportableLists().get(endpoint);
  if (!list) throw validationError('endpoint', 'admin.exportUnknown');
  const rows: Record<string, unknown>[] = [];
  for (let page = 1; rows.length < EXPORT_MAX_ROWS; page++) {
    const { rows: more, total } = await readPage(req, list, filters, page);
    rows.push(...more);
    if (!list.paged || more.length < PAGE_SIZE || rows.length >= total) break;
  }
  const kept = rows.slice(0, EXPORT_MAX_ROWS);
  await appendAudit(
    db,
    { ...actor, action: 'list.export', targetKind: 'list', targetId: endpoint, after: { filters: filterOf(filters), rows: kept.length } },
    now,
  );
  return { csv: csvOf(list.columns, kept), rows: kept.length };
}
