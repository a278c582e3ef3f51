// What a status value means, from schemas/config/status-tones.json: the badge's colour.
import tones from '../../schemas/config/status-tones.json';
import type { StatusTone } from '../ui/StatusBadge';

const MEANINGS = ['pending', 'done', 'refused'] as const;

const BY_GROUP = new Map(tones.map((entry) => [entry.values, new Map(MEANINGS.flatMap((tone) => entry[tone].map((code) => [code, tone] as const)))]));

/** The tone of `value` in the locale group `values`: 'neutral' for a value its group does not list; undefined (plain text) for a group the file does not list (a side, a type). */
export function statusTone(values: string | undefined, value: string): StatusTone | undefined {
  const group = values === undefined ? undefined : BY_GROUP.get(values);
  return group && (group.get(value) ?? 'neutral');
}
