import { describe, expect, it } from 'vitest';
import en from '../../../locales/en-US.json';
import tones from '../../../schemas/config/status-tones.json';
import { formatRecordField } from '../../../src/engine/formats';
import { statusTone } from '../../../src/engine/statusTones';

const lookup = (path: string): unknown => path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], en);

describe('status badges', () => {
  it('colour a status by its meaning: pending amber, done green, refused red', () => {
    expect(statusTone('withdraw.statusValue', '1')).toBe('pending');
    expect(statusTone('withdraw.statusValue', '2')).toBe('done');
    expect(statusTone('withdraw.statusValue', '3')).toBe('refused');
    expect(statusTone('realName.statusValue', '0')).toBe('neutral');
    expect(statusTone('trade.statusValue', 'cancelled')).toBe('neutral');
  });

  it('leave a value that is not a status (a side, a type) as text', () => {
    expect(statusTone('trade.sideValue', 'buy')).toBeUndefined();
    expect(formatRecordField({ field: 's', label: 'x', values: 'trade.sideValue' }, { s: 'buy' }, 'en-US')?.status).toBeUndefined();
  });

  it('the field format hands the tone on with the translated text', () => {
    const t = (k: string) => `t(${k})`;
    expect(formatRecordField({ field: 'status', label: 'x', format: 'status', values: 'deposit.status' }, { status: 3 }, 'en-US', t)).toEqual({
      text: 't(deposit.status.3)',
      status: 'refused',
    });
  });

  it('name only statuses the locale files have', () => {
    for (const entry of tones) {
      const group = lookup(entry.values);
      expect(group, entry.values).toBeTypeOf('object');
      for (const code of [...entry.pending, ...entry.done, ...entry.refused]) expect(Object.keys(group as object), entry.values).toContain(code);
    }
  });
});
