import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../locales/en-US.json';
import * as bankCardAdd from '../../../src/api/generated/screens/bank-card-add';
import * as login from '../../../src/api/generated/screens/login';
import * as registerEmail from '../../../src/api/generated/screens/register-email';
import * as registerPhone from '../../../src/api/generated/screens/register-phone';
import FormScreen from '../../../src/engine/FormScreen';
import type { ScreenModule } from '../../../src/engine/types';
import { render, useLanguage } from '../render';

const forms = { login, 'register-email': registerEmail, 'register-phone': registerPhone, 'bank-card-add': bankCardAdd };

/** The form drawn once its widgets that load on demand (send-code, phone, country) have loaded, as a user sees it a moment later. */
async function renderLoaded(module: unknown): Promise<string> {
  render(<FormScreen module={module as ScreenModule} />);
  await Promise.all([
    import('../../../src/widgets/send-code/SendCodeWidget'),
    import('../../../src/widgets/phone/PhoneWidget'),
    import('../../../src/widgets/country/CountryWidget'),
  ]);
  await new Promise((resolve) => setTimeout(resolve, 0));
  return render(<FormScreen module={module as ScreenModule} />);
}

describe('form screens', () => {
  beforeAll(() => useLanguage('en-US'));

  for (const [id, module] of Object.entries(forms)) {
    it(`renders ${id} from its schema`, async () => {
      const html = await renderLoaded(module);
      await expect(html).toMatchFileSnapshot(`__snapshots__/${id}.html`);
    });
  }

  it('asks for the country first on the bank card form; the account fields wait for it (they follow the country)', async () => {
    const html = await renderLoaded(bankCardAdd);
    for (const label of ['Country', 'Bank name', 'Account holder', 'Bank address']) expect(html).toContain(label);
    for (const label of ['Account number', 'IBAN', 'BIC / SWIFT']) expect(html).not.toContain(`>${label}<`);
    expect(html.indexOf('Country')).toBeLessThan(html.indexOf('Bank name'));
    expect(html.match(/class="required"/g)?.length).toBe(4);
  });

  it('shows the password twice, the code sender and the captcha on registration', async () => {
    const html = await renderLoaded(registerEmail);
    expect(html).toContain(en.field.confirmPassword);
    expect(html).toContain(en.sendCode.send);
    expect(html).toContain('class="captcha"');
    expect(html).toContain(en.field.invitationCode);
  });

  it('speaks the active language', async () => {
    const { default: ja } = await import('../../../locales/ja-JP.json');
    await useLanguage('ja-JP', ja);
    const html = render(<FormScreen module={login as unknown as ScreenModule} />);
    expect(html).toContain(ja.field.password);
    expect(html).toContain(ja.login.submit);
    await useLanguage('en-US');
  });
});
