import { beforeAll, describe, expect, it } from 'vitest';
import * as addresses from '../../../src/api/generated/screens/withdrawal-address-list';
import { ListView } from '../../../src/engine/ListScreen';
import type { ScreenModule } from '../../../src/engine/types';
import { render, useLanguage } from '../render';

const module = addresses as unknown as ScreenModule;
const state = (over = {}) => ({
  rows: [] as Record<string, unknown>[],
  isLoading: false,
  isError: false,
  hasMore: false,
  isFetchingMore: false,
  loadMore: () => {},
  refetch: async () => {},
  ...over,
});
const row = { ID: 7, name: 'Cold wallet', addr: 'TXYZabcdefghijklmnopqrstu12345', coin: 'USDT', czline: 'TRC20', remark: 'mine', CreatedAt: '2026-01-01T00:00:00Z' };

describe('list screen', () => {
  beforeAll(() => useLanguage('en-US'));
  const draw = (s: ReturnType<typeof state>) => render(<ListView module={module} state={s as never} filters={{}} setFilters={() => {}} />);

  it('shows rows with their fields, the filter, the add button and delete', async () => {
    const html = draw(state({ rows: [row], hasMore: true }));
    await expect(html).toMatchFileSnapshot('__snapshots__/address-list.html');
    expect(html).toContain('Cold wallet');
    expect(html).toContain('TRC20');
    expect(html).toContain('Load more');
    expect(html).toContain('Delete');
    expect(html).toContain('href="/user/addAddress"');
  });
  it('has empty, loading and error states', () => {
    expect(draw(state())).toContain('No withdrawal addresses yet');
    const loading = draw(state({ isLoading: true }));
    expect(loading).toContain('row-skeleton');
    expect(loading).not.toContain('>Loading…<');
    const failed = draw(state({ isError: true }));
    expect(failed).toContain('Could not load');
    expect(failed).toContain('Try again');
  });
  it('says when there is nothing more to load', () => {
    expect(draw(state({ rows: [row] }))).toContain('No more records');
  });
});
