// The back office's fetch: the session goes as X-Admin-Token (never X-Token), and an answer that
// ends the session (4103) or holds it until the password is changed (4104) is reported.
import { describe, expect, it, vi } from 'vitest';
import { operatorFetch } from '../../../src/admin/operatorFetch';

const envelope = (code: number) => new Response(JSON.stringify({ code, msg: '', data: null }), { headers: { 'content-type': 'application/json' } });

function setup(answer: Response) {
  const effects = { sessionEnded: vi.fn(), passwordChangeRequired: vi.fn() };
  const base = vi.fn(async () => answer);
  return { effects, base, fetch: operatorFetch(effects, base as unknown as typeof fetch) };
}

describe('operatorFetch', () => {
  it('sends the session as X-Admin-Token only', async () => {
    const { base, fetch } = setup(envelope(0));
    await fetch('/api/admin/me', { headers: { 'X-Token': 'abc' } });
    const headers = new Headers((base.mock.calls[0] as unknown as [string, RequestInit])[1].headers);
    expect(headers.get('X-Admin-Token')).toBe('abc');
    expect(headers.get('X-Token')).toBeNull();
  });

  it('reports an ended session and a required password change, and leaves the body for the caller', async () => {
    const ended = setup(envelope(4103));
    const res = await ended.fetch('/api/admin/reviews');
    expect(ended.effects.sessionEnded).toHaveBeenCalledOnce();
    expect((await res.json()).code).toBe(4103);
    const held = setup(envelope(4104));
    await held.fetch('/api/admin/reviews');
    expect(held.effects.passwordChangeRequired).toHaveBeenCalledOnce();
    const fine = setup(envelope(0));
    await fine.fetch('/api/admin/reviews');
    expect(fine.effects.sessionEnded).not.toHaveBeenCalled();
  });

  it('passes an image through untouched', async () => {
    const png = new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { 'content-type': 'image/png' } });
    const { effects, fetch } = setup(png);
    const res = await fetch('/uploads/x.png');
    expect(new Uint8Array(await res.arrayBuffer())[1]).toBe(0x50);
    expect(effects.sessionEnded).not.toHaveBeenCalled();
  });
});
