// Our rjsf theme: every widget and template the schema screens use. The widget registry
// is open: a schema's ui:widget must name one of WIDGET_NAMES (check:schemas fails otherwise).
import type { RegistryWidgetsType, TemplatesType } from '@rjsf/utils';
import { lazyWidget } from '../lazyWidget';
import { CaptchaWidget } from '../captcha/CaptchaWidget';
import { CoinWidget } from '../coin/CoinWidget';
import { PasswordWidget } from '../password/PasswordWidget';
import type { WidgetName } from '../registry';
import { widgets } from './widget-set';
import { SelectWidget } from '../select/SelectWidget';
import { BaseInputTemplate } from '../templates/BaseInputTemplate';
import '../widgets.css';
import { FieldTemplate } from '../templates/FieldTemplate';
import { ObjectFieldTemplate } from '../templates/ObjectFieldTemplate';

// Widgets of one or two screens each (funds): their code loads with the first form that uses them.
const AddressBookWidget = lazyWidget(() => import('../address-book/AddressBookWidget').then((m) => m.AddressBookWidget));
const BankCardWidget = lazyWidget(() => import('../bank-card/BankCardWidget').then((m) => m.BankCardWidget));
// the IBAN field appears once a bank card's country takes one
const IbanInput = lazyWidget(() => import('../iban/IbanInput').then((m) => m.IbanInput));
const NetworkWidget = lazyWidget(() => import('../network/NetworkWidget').then((m) => m.NetworkWidget));
const ExchangeQuoteWidget = lazyWidget(() => import('../exchange-quote/ExchangeQuoteWidget').then((m) => m.ExchangeQuoteWidget));
const ShareCostWidget = lazyWidget(() => import('../share-cost/ShareCostWidget').then((m) => m.ShareCostWidget));
const UploadWidget = lazyWidget(() => import('../upload/UploadWidget').then((m) => m.UploadWidget));
// Widgets of a few forms (sign-up, password reset, bank cards) and the amount of the money forms (not the sign-in's);
// those routes fetch them with the form (vite.config.ts ROUTE_WIDGETS).
const AmountWidget = lazyWidget(() => import('../amount/AmountWidget').then((m) => m.AmountWidget));
const SendCodeWidget = lazyWidget(() => import('../send-code/SendCodeWidget').then((m) => m.SendCodeWidget));
const PhoneWidget = lazyWidget(() => import('../phone/PhoneWidget').then((m) => m.PhoneWidget));
// the bank card's country
const CountryWidget = lazyWidget(() => import('../country/CountryWidget').then((m) => m.CountryWidget));

// percent is the back office's alone: src/admin/adminWidgets.ts adds it (the customer's login chunk stays within budget)
const ours: Record<Exclude<WidgetName, 'percent'>, RegistryWidgetsType[string]> = {
  amount: AmountWidget,
  password: PasswordWidget,
  captcha: CaptchaWidget,
  sendCode: SendCodeWidget,
  phone: PhoneWidget,
  select: SelectWidget,
  country: CountryWidget,
  coin: CoinWidget,
  network: NetworkWidget,
  upload: UploadWidget,
  addressBook: AddressBookWidget,
  bankCard: BankCardWidget,
  exchangeQuote: ExchangeQuoteWidget,
  iban: IbanInput,
  shareCost: ShareCostWidget,
};

// rjsf draws enums with its own SelectWidget name; ours replaces it.
Object.assign(widgets, { ...ours, SelectWidget });
export { widgets };

export const templates: Partial<TemplatesType> = { BaseInputTemplate, FieldTemplate, ObjectFieldTemplate };
