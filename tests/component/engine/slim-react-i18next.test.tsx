// @vitest-environment happy-dom
// The customer build's stand-in for react-i18next (src/engine/slim/reactI18next.ts): t in the
// active language, and a new render in the new one when the language changes.
import { act, cleanup, render, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { initReactI18next, useTranslation } from '../../../src/engine/slim/reactI18next';

function Greeting() {
  const { t, i18n } = useTranslation();
  return <p data-testid="text">{`${i18n.language}: ${t('home.hello', { name: 'Ana' })} ${t('home.only')}`}</p>;
}

describe('the slim useTranslation', () => {
  afterEach(cleanup);

  it('translates in the active language, falls back per key, and follows a change of language', async () => {
    const i18n = createInstance();
    await i18n.use(initReactI18next).init({
      lng: 'de-DE',
      fallbackLng: 'en-US',
      interpolation: { escapeValue: false },
      resources: {
        'en-US': { translation: { home: { hello: 'Hello {{name}}', only: 'English only' } } },
        'de-DE': { translation: { home: { hello: 'Hallo {{name}}' } } },
      },
    });
    render(<Greeting />);
    expect(screen.getByTestId('text').textContent).toBe('de-DE: Hallo Ana English only');
    await act(() => i18n.changeLanguage('en-US'));
    expect(screen.getByTestId('text').textContent).toBe('en-US: Hello Ana English only');
  });
});
