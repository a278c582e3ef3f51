// The few styles of the passkey screens, inline: a stylesheet of their own would add a file to the
// route table's preload list, which every page carries (the home budget).
import type { CSSProperties } from 'react';

const column: CSSProperties = { display: 'flex', flexDirection: 'column', gap: 8 };

export const S = {
  login: { display: 'flex', flexDirection: 'column', paddingTop: 24 },
  mark: {
    display: 'grid',
    placeItems: 'center',
    width: 72,
    height: 72,
    margin: '0 auto 16px',
    borderRadius: '50%',
    background: 'var(--surface)',
    color: 'var(--primary)',
  },
  intro: { margin: '0 0 20px', textAlign: 'center', lineHeight: 1.5 },
  signIn: { marginTop: 12 },
  // inside the security page's card, which draws the background and padding
  panel: { display: 'flex', flexDirection: 'column', gap: 12, minWidth: 0 },
  title: { margin: 0, fontSize: 16 },
  text: { margin: 0, color: 'var(--muted)', lineHeight: 1.5 },
  rows: { margin: 0 },
  row: { background: 'var(--surface-2)' },
  column,
  removeForm: { ...column, width: '100%' },
  actions: { display: 'flex', gap: 8 },
  action: { flex: 1 },
  note: { margin: 0, padding: '10px 12px', borderRadius: 8, border: '1px solid var(--line)', color: 'var(--muted)', fontSize: 14, lineHeight: 1.5 },
} satisfies Record<string, CSSProperties>;
