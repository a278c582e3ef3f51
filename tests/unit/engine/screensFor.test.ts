// Which schema screens a route draws for its query: /stake/detail is a mining machine's page or a
// financing product's, by the query the list row links with (schemas' routeQuery).
import { describe, expect, it } from 'vitest';
import { routeHasScreens, screensFor } from '../../../src/engine';

const ids = (path: string, query: string) => screensFor(path, new URLSearchParams(query)).map((e) => e.id);

describe('screensFor', () => {
  it('draws a sole machine with its terms and the whole-machine form, a shared one with the share form', () => {
    expect(ids('/stake/detail', 'id=1&machine=1&type=1')).toEqual(['mining-detail', 'mining-purchase-sole']);
    expect(ids('/stake/detail', 'id=2&machine=2&type=2')).toEqual(['mining-detail', 'mining-purchase-share']);
  });

  it('draws a financing product with its terms and the buy form', () => {
    expect(ids('/stake/detail', 'id=1&financing_id=1')).toEqual(['financing-detail', 'financing-order-create']);
  });

  it('draws nothing without the query a screen needs, while the route still has screens', () => {
    expect(ids('/stake/detail', '')).toEqual([]);
    expect(ids('/stake/detail', 'machine=')).toEqual([]);
    expect(routeHasScreens('/stake/detail')).toBe(true);
  });

  it('leaves routes without routeQuery as they were', () => {
    expect(ids('/stake/list', 'tab=mining-list')).toEqual(['financing-list', 'mining-list']);
  });
});
