// The names of the form widgets a schema's ui:widget may use. Kept free of React so the
// schema check (scripts/) can read it; src/widgets/theme/theme.ts maps each name to its component.
export const WIDGET_NAMES = ['amount', 'password', 'captcha', 'sendCode', 'phone', 'select', 'country', 'coin', 'network', 'upload', 'addressBook', 'bankCard', 'exchangeQuote', 'iban', 'shareCost', 'percent'] as const;

export type WidgetName = (typeof WIDGET_NAMES)[number];
