// The bar above a record list: its filters, the CSV export, its links and the add button.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toast } from '../ui/overlays';
import { callApi } from '../api/baseQuery';
import { download, fetchAll, toCsv } from './csv';
import { filterOptions, TEXT_FILTER_MAX } from './filters';
import type { FilterDef, ScreenDef } from './types';

type Filters = Record<string, string>;

/** The CSV of the filtered records: made by the server when the list names an export endpoint (so it can record the export), else here from every page. */
async function exportCsv(screen: ScreenDef, filters: Filters, locale: string, t: (key: string, vars?: Record<string, unknown>) => string): Promise<void> {
  const endpoint = screen.list!.exportEndpoint;
  if (!endpoint) return download(screen.id, toCsv(screen, await fetchAll(screen, filters), locale, t));
  const given = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== ''));
  // the console's one export of any list names the list it reads
  const body = endpoint.withList ? { endpoint: screen.endpoint.name, filters: given } : given;
  const res = await callApi({ path: endpoint.path, method: endpoint.method, body });
  // a refusal (a bad filter) was shown by the api layer already
  if ('error' in res) return;
  const data = res.data as { csv: string; rows: number };
  download(screen.id, data.csv);
  if (endpoint.toast) toast(t(endpoint.toast, { rows: data.rows }));
}

function ExportButton({ screen, filters }: { screen: ScreenDef; filters: Filters }) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await exportCsv(screen, filters, i18n.language, t);
    } catch {
      toast(t('common.loadFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn-ghost btn-small" disabled={busy} onClick={() => void onClick()}>
      {t(busy ? 'common.loading' : 'common.export')}
    </button>
  );
}

function FilterSelect({ filter, filters, setFilters }: { filter: FilterDef; filters: Filters; setFilters(f: Filters): void }) {
  const { t } = useTranslation();
  if (filter.kind === 'date') {
    return (
      <label className="filter">
        <span>{t(filter.label)}</span>
        <input className="input" type="date" value={filters[filter.field] ?? ''} onChange={(e) => setFilters({ ...filters, [filter.field]: e.target.value })} />
      </label>
    );
  }
  if (filter.kind === 'text') {
    return (
      <label className="filter">
        <span>{t(filter.label)}</span>
        <input
          className="input"
          type="search"
          maxLength={TEXT_FILTER_MAX}
          value={filters[filter.field] ?? ''}
          onChange={(e) => setFilters({ ...filters, [filter.field]: e.target.value })}
        />
      </label>
    );
  }
  return (
    <label className="filter">
      <span>{t(filter.label)}</span>
      <select className="input" value={filters[filter.field] ?? ''} onChange={(e) => setFilters({ ...filters, [filter.field]: e.target.value })}>
        {filterOptions(filter).map((o) => (
          <option key={o.value} value={o.value}>
            {o.label ? t(o.label) : o.text}
          </option>
        ))}
      </select>
    </label>
  );
}

export function ListToolbar({ screen, filters, setFilters }: { screen: ScreenDef; filters: Filters; setFilters(f: Filters): void }) {
  const { t } = useTranslation();
  const list = screen.list!;
  return (
    <div className="list-toolbar">
      {screen.filters?.map((f) => (
        <FilterSelect key={f.field} filter={f} filters={filters} setFilters={setFilters} />
      ))}
      {list.export && <ExportButton screen={screen} filters={filters} />}
      {list.links?.map((l) => (
        <Link key={l.to} className="btn btn-ghost btn-small" to={l.to}>
          {t(l.label)}
        </Link>
      ))}
      {list.addRoute && (
        <Link className="btn btn-primary btn-small" to={list.addRoute}>
          + {t(list.addLabel ?? 'common.add')}
        </Link>
      )}
    </div>
  );
}
