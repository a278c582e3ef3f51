import { StatusBadge } from '../ui/StatusBadge';
import type { Formatted } from './formats';

/** A formatted field's value: a status as its badge, an up/down value in its colour, else the text. */
export function FieldValue({ shown }: { shown: Formatted }) {
  if (shown.status) return <StatusBadge tone={shown.status}>{shown.text}</StatusBadge>;
  return <span className={shown.tone}>{shown.text}</span>;
}
