// An IBAN field (bank-card form): whatever is typed or pasted is shown upper-case in groups of
// four ("gb82west…" → "GB82 WEST …") and checked as the user types with the same ISO 13616
// check the server runs (contract/iban.ts). The form's value is the electronic form
// ("GB82WEST12345698765432") only when the IBAN is valid; until then it is the grouped text,
// which the schema's pattern refuses, so an IBAN with wrong check digits cannot be sent.
import type { WidgetProps } from '@rjsf/utils';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { groupIban, ibanLength, ibanProblem, normalizeIban } from '../../../contract/iban';

/** Spaces of the grouped form plus the longest IBAN (34). */
const MAX_TYPED = 42;

/** What to say about a partly typed IBAN: nothing while it can still become valid, else why it is not. */
export function ibanHint(iban: string): { key: string; params?: Record<string, unknown> } | null {
  if (iban === '') return null;
  if (/[^A-Z0-9]/.test(iban) || !/^[A-Z]{0,2}$|^[A-Z]{2}[0-9]{1,2}/.test(iban)) return { key: 'bank.ibanShape' };
  const country = iban.slice(0, 2);
  const expected = ibanLength(country);
  if (iban.length < (expected ?? 15)) return null;
  const problem = ibanProblem(iban);
  if (problem === 'length') return expected === undefined ? { key: 'bank.ibanShape' } : { key: 'bank.ibanLength', params: { country, length: expected } };
  if (problem === 'checksum') return { key: 'bank.ibanChecksum' };
  if (problem === 'shape') return { key: 'bank.ibanShape' };
  return null;
}

/** Where the caret goes in the grouped text to stay after the same `chars` letters and digits. */
export function caretAfter(chars: number): number {
  return chars === 0 ? 0 : chars + Math.floor((chars - 1) / 4);
}

/** The form value for what is shown: the electronic form when valid, else the grouped text (undefined when empty). */
export function ibanValue(iban: string): string | undefined {
  if (iban === '') return undefined;
  return ibanProblem(iban) === null ? iban : groupIban(iban);
}

export function IbanInput({ id, value, disabled, readonly, placeholder, onChange, onBlur, onFocus, autofocus }: WidgetProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState<string>(() => (typeof value === 'string' ? groupIban(value) : ''));
  // a value set from outside (a reset, a prefill) replaces what is shown
  const shown = ibanValue(normalizeIban(typed)) === value ? typed : typeof value === 'string' ? groupIban(value) : '';
  const iban = normalizeIban(shown);
  const hint = ibanHint(iban);
  // regrouping moves the text under the caret: keep it after the same characters (an edit in the middle)
  const input = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (caret.current === null || !input.current || document.activeElement !== input.current) return;
    input.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [shown]);
  return (
    <>
      <input
        ref={input}
        id={id}
        name={id}
        className="input iban-input"
        type="text"
        inputMode="text"
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        autoFocus={autofocus}
        maxLength={MAX_TYPED}
        value={shown}
        disabled={disabled || readonly}
        placeholder={placeholder ? t(placeholder) : ''}
        aria-describedby={hint ? `${id}__iban` : undefined}
        aria-invalid={hint ? true : undefined}
        onChange={(e) => {
          const raw = e.target.value;
          const next = normalizeIban(raw);
          const text = groupIban(next);
          caret.current = caretAfter(normalizeIban(raw.slice(0, e.target.selectionStart ?? raw.length)).length);
          setTyped(text);
          onChange(ibanValue(next));
        }}
        onBlur={(e) => onBlur(id, e.target.value)}
        onFocus={(e) => onFocus(id, e.target.value)}
      />
      {hint && (
        <p id={`${id}__iban`} className="field-hint iban-hint" role="status">
          {t(hint.key, hint.params)}
        </p>
      )}
    </>
  );
}
