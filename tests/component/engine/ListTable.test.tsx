// @vitest-environment happy-dom
// A record list as a table (list.layout "table", the back office): a column per field, sorted by a
// click on its heading (ascending, descending, then as loaded), amounts by exact value, each row's
// title a link to its detail. With list.serverSort a heading click asks the server for the order
// (only for the fields its sort query names) and leaves the rows as the server sent them.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ListTable } from '../../../src/engine/ListTable';
import type { ScreenModule } from '../../../src/engine/types';
import { useLanguage } from '../render';

const module = {
  screen: {
    id: 'table-test',
    kind: 'list',
    endpoint: { name: 'x', method: 'GET', path: '/x' },
    list: {
      layout: 'table',
      titleField: 'summary',
      titleLabel: 'admin.summaryLabel',
      detailRoute: '/admin/review',
      detailQuery: { kind: 'kind', id: 'id' },
      fields: [
        { field: 'amount', label: 'admin.amountLabel' },
        { field: 'user', label: 'admin.customerLabel' },
      ],
    },
  },
  endpoint: {},
  rowActions: {},
} as unknown as ScreenModule;

const rows = [
  { ID: 1, id: 1, kind: 'deposit', summary: 'First', amount: '9.5', user: 'bob@example.com' },
  { ID: 2, id: 2, kind: 'withdrawal', summary: 'Second', amount: '10', user: 'alice@example.com' },
  { ID: 3, id: 3, kind: 'deposit', summary: 'Third', amount: '100000000000000000.1', user: 'carol@example.com' },
];

const column = (n: number) =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[n].textContent);

describe('list table', () => {
  beforeAll(() => useLanguage('en-US'));
  afterEach(cleanup);

  it('sorts by a heading: ascending, descending, then as loaded; amounts by exact value', () => {
    render(
      <MemoryRouter>
        <ListTable module={module} rows={rows} />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Request', 'Amount', 'Customer']);
    const amount = screen.getByRole('button', { name: 'Amount' });
    fireEvent.click(amount);
    expect(column(1)).toEqual(['9.5', '10', '100000000000000000.1']);
    expect(screen.getAllByRole('columnheader')[1].getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(amount);
    expect(column(1)).toEqual(['100000000000000000.1', '10', '9.5']);
    fireEvent.click(amount);
    expect(column(0)).toEqual(['First', 'Second', 'Third']);
    fireEvent.click(screen.getByRole('button', { name: 'Customer' }));
    expect(column(2)).toEqual(['alice@example.com', 'bob@example.com', 'carol@example.com']);
  });

  it('links each row’s title to its detail with the row’s query', () => {
    render(
      <MemoryRouter>
        <ListTable module={module} rows={rows} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Second' }).getAttribute('href')).toBe('/admin/review?kind=withdrawal&id=2');
  });

  it('with serverSort asks the server for the order, and offers only the columns its sort query names', () => {
    const serverModule = {
      ...module,
      screen: { ...module.screen, list: { ...module.screen.list, serverSort: true }, payload: { type: 'object', properties: { sort: { enum: ['-amount', 'amount'] } } } },
    } as unknown as ScreenModule;
    const asked: (string | undefined)[] = [];
    const { rerender } = render(
      <MemoryRouter>
        <ListTable module={serverModule} rows={rows} serverSort={{ sort: undefined, setSort: (s) => asked.push(s) }} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('button', { name: 'Customer' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Amount' }));
    expect(asked).toEqual(['amount']);
    // the rows stay in the server's order; the heading says which order it is
    expect(column(1)).toEqual(['9.5', '10', '100000000000000000.1']);
    rerender(
      <MemoryRouter>
        <ListTable module={serverModule} rows={[...rows].reverse()} serverSort={{ sort: 'amount', setSort: (s) => asked.push(s) }} />
      </MemoryRouter>,
    );
    expect(column(0)).toEqual(['Third', 'Second', 'First']);
    expect(screen.getAllByRole('columnheader')[1].getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: 'Amount' }));
    expect(asked).toEqual(['amount', '-amount']);
  });
});
