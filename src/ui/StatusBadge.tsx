// A status as a coloured badge: amber while pending, green when done, red when refused, grey
// otherwise; the text is the caller's (translated).
import './status-badge.css';

export type StatusTone = 'pending' | 'done' | 'refused' | 'neutral';

export function StatusBadge({ tone, children }: { tone: StatusTone; children: string }) {
  return <span className={`status-badge status-${tone}`}>{children}</span>;
}
