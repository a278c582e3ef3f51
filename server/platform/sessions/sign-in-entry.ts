// A line of an account's sign-in history as the customer and the back office read it.
import type { SignInEntry } from '../../../contract/generated/types.ts';
import type { SigninRow } from '../../core/db/types.ts';
import { isoTime } from '../../core/db/index.ts';
import { placeOf } from './sessions.ts';

export function signInEntry(row: SigninRow, t: (key: string) => string): SignInEntry {
  // a configured place is a locale key (places.*) or a name as the operator wrote it
  const place = placeOf(row.ip);
  return {
    time: isoTime(row.at),
    device: row.device || t('devices.unknownDevice'),
    place: place.startsWith('places.') ? t(place) : place,
    ip: row.ip,
    method: row.method,
    result: row.result,
  };
}
