// The contact page's channel links (only links that cannot run anything) and hours in words.
import { describe, expect, it } from 'vitest';
import { channelHref, hoursText } from '../../../../src/screens/user/site';

describe('channelHref', () => {
  it('makes the link each channel opens', () => {
    expect(channelHref({ type: 'email', value: 'support@coinapp.test' })).toBe('mailto:support@coinapp.test');
    expect(channelHref({ type: 'phone', value: '+44 (20) 7946-0000' })).toBe('tel:+442079460000');
    expect(channelHref({ type: 'telegram', value: '@coinapp_help' })).toBe('https://t.me/coinapp_help');
    expect(channelHref({ type: 'whatsapp', value: '+44 7946 000000' })).toBe('https://wa.me/447946000000');
    expect(channelHref({ type: 'url', value: 'https://help.coinapp.test/contact' })).toBe('https://help.coinapp.test/contact');
  });

  it('makes none from a value that is not one (the value is then shown as text)', () => {
    expect(channelHref({ type: 'url', value: 'javascript:alert(1)' })).toBeNull();
    expect(channelHref({ type: 'url', value: 'http://plain.test' })).toBeNull();
    expect(channelHref({ type: 'email', value: 'not-an-address' })).toBeNull();
    expect(channelHref({ type: 'telegram', value: 'a b' })).toBeNull();
    expect(channelHref({ type: 'phone', value: 'call us' })).toBeNull();
  });
});

describe('hoursText', () => {
  it('is around the clock for every day 00:00–24:00', () => {
    expect(hoursText({ timeZone: 'UTC', days: [1, 2, 3, 4, 5, 6, 7], from: '00:00', to: '24:00' }, 'en-US')).toEqual({ kind: 'allDay' });
  });

  it('names the days in the reader’s language, in week order, or none when it is every day', () => {
    expect(hoursText({ timeZone: 'UTC', days: [5, 1, 3], from: '09:00', to: '18:00' }, 'en-US')).toEqual({ kind: 'hours', days: 'Mon, Wed, Fri', from: '09:00', to: '18:00' });
    const de = (day: number) => new Intl.DateTimeFormat('de-DE', { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, day)));
    expect(hoursText({ timeZone: 'UTC', days: [2, 1], from: '09:00', to: '18:00' }, 'de-DE')).toEqual({ kind: 'hours', days: `${de(1)}, ${de(2)}`, from: '09:00', to: '18:00' });
    expect(de(1)).toMatch(/^Mo/);
    expect(hoursText({ timeZone: 'Asia/Tokyo', days: [1, 2, 3, 4, 5, 6, 7], from: '08:00', to: '20:00' }, 'en-US')).toEqual({ kind: 'hours', days: null, from: '08:00', to: '20:00' });
  });
});
