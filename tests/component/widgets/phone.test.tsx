// @vitest-environment happy-dom
// The phone widget checks the number for the chosen country code as the server does
// (contract/phone.ts, loaded on demand) and says what is allowed once the field is left.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FormContext } from '../../../src/widgets/formContext';
import { PhoneWidget } from '../../../src/widgets/phone/PhoneWidget';
import { useLanguage } from '../render';

function Harness({ countryCode }: { countryCode: string }) {
  const [value, setValue] = useState<string | undefined>();
  const [country, setCountry] = useState(countryCode);
  const formContext: FormContext = {
    formData: { countryCode: country },
    setField: (_n, v) => setCountry(String(v)),
    captchaNonce: 0,
    limits: {},
    sources: {},
    picked: {},
    schema: {},
  };
  const props = {
    id: 'root_phone',
    name: 'phone',
    value,
    schema: { type: 'string', maxLength: 17 },
    options: { countryField: 'countryCode' },
    registry: { formContext },
    onChange: (v: string | undefined) => setValue(v),
    onBlur: () => undefined,
    onFocus: () => undefined,
    label: '',
    rawErrors: undefined,
  } as unknown as WidgetProps;
  return <PhoneWidget {...props} />;
}

beforeAll(async () => {
  await useLanguage('en-US');
});
afterEach(cleanup);

describe('phone widget', () => {
  it('a landline under +44: after leaving the field, says it is not a mobile number and shows an example', async () => {
    render(<Harness countryCode="+44" />);
    const input = document.getElementById('root_phone') as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, { target: { value: '2079460000' } });
      fireEvent.blur(input);
    });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This is not a mobile number for +44. Example: 07400 123456'));
    await act(async () => {
      fireEvent.change(input, { target: { value: '7400123456' } });
    });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('+86 keeps the spec rule: 11 digits, 1 then 3 to 9', async () => {
    render(<Harness countryCode="+86" />);
    const input = document.getElementById('root_phone') as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, { target: { value: '12800138000' } });
      fireEvent.blur(input);
    });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('+86'));
    await act(async () => {
      fireEvent.change(input, { target: { value: '13800138000' } });
    });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
