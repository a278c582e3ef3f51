// @vitest-environment happy-dom
// What a screen reader hears of toasts and dialogs: a toast lands in the polite status region, an
// error (everything the api layer reports) in the alert region, both present before anything is
// shown; a confirmation is a modal alertdialog named by its message, focus starts on Cancel and
// Tab keeps it inside, Escape answers "cancel" and focus goes back to where it was.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import en from '../../../locales/en-US.json';
import { confirmDialog, errorToast, OverlayHost, toast } from '../../../src/ui/overlays';
import { useLanguage } from '../render';

beforeAll(() => useLanguage('en-US'));
afterEach(cleanup);

describe('toasts', () => {
  it('are announced: a notice politely (role=status), an error at once (role=alert)', () => {
    render(<OverlayHost />);
    const status = screen.getByRole('status');
    const alert = screen.getByRole('alert');
    expect([status.textContent, alert.textContent]).toEqual(['', '']);
    act(() => toast('Code sent'));
    act(() => errorToast('Network error'));
    expect(status.textContent).toBe('Code sent');
    expect(alert.textContent).toBe('Network error');
  });
});

describe('confirmation dialog', () => {
  it('is a modal alertdialog named by its message; Tab stays inside; Escape cancels and gives focus back', async () => {
    render(
      <>
        <button type="button">Log out</button>
        <OverlayHost />
      </>,
    );
    const opener = screen.getByRole('button', { name: 'Log out' });
    opener.focus();
    let answer: Promise<boolean> = Promise.resolve(true);
    act(() => {
      answer = confirmDialog('Log out of this account?');
    });
    const dialog = await screen.findByRole('alertdialog', { name: 'Log out of this account?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    await waitFor(() => expect(document.activeElement?.textContent).toBe(en.common.cancel));
    // Tab does not leave the modal: it wraps from the last button to the first and back
    act(() => void fireEvent.keyDown(document, { key: 'Tab', shiftKey: true }));
    expect(document.activeElement?.textContent).toBe(en.common.confirm);
    act(() => void fireEvent.keyDown(document, { key: 'Tab' }));
    expect(document.activeElement?.textContent).toBe(en.common.cancel);
    act(() => void fireEvent.keyDown(document, { key: 'Escape' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(answer).resolves.toBe(false);
    expect(document.activeElement).toBe(opener);
  });
});
