// Who a targeted broadcast reaches (issue 41): customers registered when it is sent who use a
// language (that of their newest successful sign-in; English when none is known), whose phone
// number is of a country (the only country an account holds: its calling code), or who hold at
// least an amount of a coin (available and frozen). Conditions combine with "and"; none is
// everyone, which stays one notice row without a recipient list. A targeted broadcast keeps its
// recipients as they were when it was sent, so a later change of balance neither adds nor
// removes a reader.
import { sql } from 'kysely';
import { parseAmount } from '../../contract/decimal.ts';
import { loadConfig } from '../../contract/loader.ts';
import { formatAmount } from '../../contract/number-format.ts';
import { coinDecimals } from '../core/coins.ts';
import { languagesConfig } from '../core/config.ts';
import type { Audience, AudienceInput } from '../core/content-admin.ts';
import { type Db, toCount } from '../core/db/index.ts';
import { validationError } from '../core/errors.ts';

let dials: Map<string, string> | undefined;

/** The calling code of each offered country (config/country-codes.json), by its ISO code. */
const dialOf = (): Map<string, string> => (dials ??= new Map(loadConfig<{ iso: string; dial: string }[]>('country-codes').map((c) => [c.iso, c.dial])));

function checkedLang(raw: string): string {
  if (!languagesConfig().languages.some((l) => l.prefix === raw)) throw validationError('toLang', 'admin.broadcastLanguage');
  return raw;
}

function checkedCountry(raw: string): string {
  const iso = raw.toUpperCase();
  if (!dialOf().has(iso)) throw validationError('toCountry', 'admin.audienceCountry');
  return iso;
}

/** The minimum as a plain decimal within the coin's decimals; "0" when only the coin is named. */
function checkedMinimum(coin: string, raw: string): string {
  if (raw === '') return '0';
  const parsed = parseAmount(raw);
  const decimals = coinDecimals(coin);
  if (!parsed || parsed.decimals > decimals) throw validationError('toMinBalance', 'admin.audienceMinBalance', { decimals });
  return raw;
}

/** The conditions checked (a translated refusal under the field otherwise); null: everyone. */
export async function audienceOf(db: Db, input: AudienceInput): Promise<Audience | null> {
  const lang = input.toLang?.trim() ?? '';
  const country = input.toCountry?.trim() ?? '';
  const coin = input.toCoin?.trim().toUpperCase() ?? '';
  const minimum = input.toMinBalance?.trim() ?? '';
  if (minimum !== '' && coin === '') throw validationError('toCoin', 'admin.audienceCoinMissing');
  const out: Audience = {};
  if (lang) out.lang = checkedLang(lang);
  if (country) out.country = checkedCountry(country);
  if (coin) {
    const known = await db.selectFrom('coins').select('coin').where('coin', '=', coin).executeTakeFirst();
    if (!known) throw validationError('toCoin', 'admin.audienceCoin');
    out.coin = coin;
    out.minBalance = checkedMinimum(coin, minimum);
  }
  return Object.keys(out).length ? out : null;
}

/** The customer's language as the locale code of their newest successful sign-in that named one. */
const languageOfUser = sql<
  string | null
>`(select s.lang from signins s where s.user_id = users.id and s.result = 'ok' and s.lang <> '' order by s.at desc, s.id desc limit 1)`;

/** Ids of the customers registered at `at` that the audience names, in id order. */
export async function audienceIds(db: Db, audience: Audience, at: number): Promise<number[]> {
  let query = db.selectFrom('users').select('users.id').where('users.created_at', '<=', at);
  if (audience.country) query = query.where('users.country_code', '=', dialOf().get(audience.country) ?? '');
  if (audience.lang) {
    const codes = languagesConfig()
      .languages.filter((l) => l.prefix === audience.lang)
      .map((l) => l.code);
    const fallback = languagesConfig().default;
    query = query.where(sql<string>`coalesce(${languageOfUser}, ${fallback})`, 'in', codes);
  }
  const ids = (await query.orderBy('users.id').execute()).map((r) => Number(r.id));
  return audience.coin ? holders(db, audience.coin, audience.minBalance ?? '0', ids) : ids;
}

/** Of `ids`, those holding at least `minimum` of `coin`; compared as exact units, not in SQL (a sum of two text columns). */
async function holders(db: Db, coin: string, minimum: string, ids: number[]): Promise<number[]> {
  const floor = parseAmount(minimum)?.units ?? 0n;
  const rows = await db.selectFrom('balances').select(['user_id', 'available', 'frozen']).where('coin', '=', coin).execute();
  const held = (r: (typeof rows)[number]) => BigInt(r.available) + BigInt(r.frozen);
  const holding = new Set(rows.filter((r) => held(r) > 0n && held(r) >= floor).map((r) => Number(r.user_id)));
  return ids.filter((id) => holding.has(id));
}

/** How many customers a broadcast sent at `at` to `audience` reaches (null: everyone registered then). */
export async function audienceSize(db: Db, audience: Audience | null, at: number): Promise<number> {
  if (audience) return (await audienceIds(db, audience, at)).length;
  const { n } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('created_at', '<=', at)
    .executeTakeFirstOrThrow();
  return toCount(n);
}

/** The conditions as the console lists them ("de · DE · BTC ≥ 0.5", "USDT > 0"; the amount in the reader's `locale`); '' for everyone. */
export function audienceText(audience: Audience | null, locale?: string): string {
  if (!audience) return '';
  const parts = [audience.lang, audience.country];
  const minimum = parseAmount(audience.minBalance ?? '0');
  // without a minimum: any holding above zero
  if (audience.coin) parts.push(minimum?.units ? `${audience.coin} ≥ ${formatAmount(audience.minBalance!, minimum.decimals, locale)}` : `${audience.coin} > 0`);
  return parts.filter(Boolean).join(' · ');
}
