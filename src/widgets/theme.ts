// Our rjsf theme: every widget and template the schema screens use.
import type { RegistryWidgetsType, TemplatesType } from '@rjsf/utils';
import { CaptchaWidget } from './captcha/CaptchaWidget';
import { CountryWidget } from './country/CountryWidget';
import { PasswordWidget } from './password/PasswordWidget';
import { PhoneWidget } from './phone/PhoneWidget';
import { SelectWidget } from './select/SelectWidget';
import { SendCodeWidget } from './send-code/SendCodeWidget';
import { BaseInputTemplate } from './templates/BaseInputTemplate';
import { FieldTemplate } from './templates/FieldTemplate';
import { ObjectFieldTemplate } from './templates/ObjectFieldTemplate';

export const widgets: RegistryWidgetsType = {
  password: PasswordWidget,
  captcha: CaptchaWidget,
  sendCode: SendCodeWidget,
  phone: PhoneWidget,
  select: SelectWidget,
  SelectWidget,
  country: CountryWidget,
};

export const templates: Partial<TemplatesType> = { BaseInputTemplate, FieldTemplate, ObjectFieldTemplate };
