// `ops coin …`: the coin table and its networks (server/funds/coins.ts). Amounts are exact
// decimals in the coin's units; every change is checked before anything is written.
import { formatUnits, parseAmount } from '../../../contract/decimal.ts';
import type { Db } from '../../core/db/index.ts';
import { type NetworkFormat, networkFormats } from '../coins.ts';
import { OpsError } from '../../platform/ops/format.ts';

export const COIN_HELP = `  coin list           every coin and network: limits, fee, deposit address, on/off
  coin add <COIN> <name> <decimals>
                      a new coin (enabled, no network yet)
  coin enable|disable <COIN>
  coin network <COIN> <NETWORK> [key=value …]
                      add or change a network; keys: address, depositMin, withdrawMin,
                      withdrawMax, withdrawFee, deposit=on|off, withdraw=on|off
  coin remove-network <COIN> <NETWORK>`;

const AMOUNT_KEYS = { depositMin: 'deposit_min', withdrawMin: 'withdraw_min', withdrawMax: 'withdraw_max', withdrawFee: 'withdraw_fee' } as const;

async function coinRow(db: Db, code: string | undefined) {
  if (!code) throw new OpsError('Name the coin, e.g. USDT.');
  const row = await db.selectFrom('coins').selectAll().where('coin', '=', code.toUpperCase()).executeTakeFirst();
  if (!row) throw new OpsError(`No coin "${code}". See: coin list.`);
  return row;
}

function amountUnits(key: string, text: string, decimals: number): string {
  const parsed = parseAmount(text);
  if (!parsed) throw new OpsError(`${key} must be a decimal number like 10 or 0.5, not "${text}".`);
  if (parsed.decimals > decimals) throw new OpsError(`${key}: this coin has at most ${decimals} decimals ("${text}").`);
  return parsed.units.toString();
}

function onOff(key: string, text: string): number {
  if (text === 'on') return 1;
  if (text === 'off') return 0;
  throw new OpsError(`${key} must be on or off, not "${text}".`);
}

export async function listCoins(db: Db): Promise<Record<string, string>[]> {
  const rows = await db
    .selectFrom('coin_networks')
    .innerJoin('coins', 'coins.id', 'coin_networks.coin_id')
    .select([
      'coins.coin',
      'coins.enabled',
      'coins.decimals',
      'coin_networks.network',
      'deposit_min',
      'withdraw_min',
      'withdraw_max',
      'withdraw_fee',
      'deposit_enabled',
      'withdraw_enabled',
      'deposit_address',
    ])
    .orderBy('coins.sort')
    .orderBy('coin_networks.id')
    .execute();
  const d = (r: (typeof rows)[number], v: string) => formatUnits(BigInt(v), Number(r.decimals));
  return rows.map((r) => ({
    coin: `${r.coin}${Number(r.enabled) ? '' : ' (off)'}`,
    network: r.network,
    depositMin: d(r, r.deposit_min),
    withdrawMin: d(r, r.withdraw_min),
    withdrawMax: d(r, r.withdraw_max),
    withdrawFee: d(r, r.withdraw_fee),
    deposit: Number(r.deposit_enabled) ? 'on' : 'off',
    withdraw: Number(r.withdraw_enabled) ? 'on' : 'off',
    address: r.deposit_address,
  }));
}

async function addCoin(db: Db, code: string | undefined, [name, decimalsText]: string[], now: number): Promise<string> {
  if (!code || !/^[A-Z0-9]{2,16}$/i.test(code) || !name || !/^\d+$/.test(decimalsText ?? '') || Number(decimalsText) > 8) {
    throw new OpsError('Usage: coin add <COIN> <name> <decimals 0-8>, e.g. coin add SOL Solana 6');
  }
  const exists = await db.selectFrom('coins').select('id').where('coin', '=', code.toUpperCase()).executeTakeFirst();
  if (exists) throw new OpsError(`Coin ${code.toUpperCase()} exists already.`);
  const { max } = await db
    .selectFrom('coins')
    .select((eb) => eb.fn.max('sort').as('max'))
    .executeTakeFirstOrThrow();
  await db
    .insertInto('coins')
    .values({ coin: code.toUpperCase(), name, logo: '', decimals: Number(decimalsText), sort: Number(max ?? 0) + 1, enabled: 1, created_at: now })
    .execute();
  return `Added ${code.toUpperCase()} (${name}, ${decimalsText} decimals). Add its networks with: coin network ${code.toUpperCase()} <NETWORK> address=… depositMin=… withdrawMin=… withdrawMax=… withdrawFee=…`;
}

async function setCoinEnabled(db: Db, code: string | undefined, action: 'enable' | 'disable'): Promise<string> {
  const c = await coinRow(db, code);
  await db
    .updateTable('coins')
    .set({ enabled: action === 'enable' ? 1 : 0 })
    .where('id', '=', c.id)
    .execute();
  return `${c.coin} ${action}d.`;
}

/** The columns that `key=value …` pairs set, each value checked. */
function networkValues(pairs: string[], network: string, format: NetworkFormat, decimals: number): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    const key = eq < 0 ? pair : pair.slice(0, eq);
    const value = eq < 0 ? '' : pair.slice(eq + 1);
    if (key in AMOUNT_KEYS) values[AMOUNT_KEYS[key as keyof typeof AMOUNT_KEYS]] = amountUnits(key, value, decimals);
    else if (key === 'deposit') values.deposit_enabled = onOff(key, value);
    else if (key === 'withdraw') values.withdraw_enabled = onOff(key, value);
    else if (key === 'address') {
      if (!new RegExp(format.pattern).test(value)) throw new OpsError(`address is not a ${network} address (for example ${format.example}).`);
      values.deposit_address = value;
    } else throw new OpsError(`Unknown key "${key}". Keys: address, depositMin, withdrawMin, withdrawMax, withdrawFee, deposit, withdraw.`);
  }
  return values;
}

async function setNetwork(db: Db, code: string | undefined, [networkText, ...pairs]: string[], now: number): Promise<string> {
  const c = await coinRow(db, code);
  const network = (networkText ?? '').toUpperCase();
  const format = networkFormats().get(network);
  if (!format)
    throw new OpsError(`Unknown network "${networkText ?? ''}". Networks (schemas/config/networks.json): ${[...networkFormats().keys()].join(', ')}.`);
  const values = networkValues(pairs, network, format, Number(c.decimals));
  const existing = await db.selectFrom('coin_networks').selectAll().where('coin_id', '=', c.id).where('network', '=', network).executeTakeFirst();
  const merged = {
    deposit_address: String(values.deposit_address ?? existing?.deposit_address ?? ''),
    deposit_min: String(values.deposit_min ?? existing?.deposit_min ?? ''),
    withdraw_min: String(values.withdraw_min ?? existing?.withdraw_min ?? ''),
    withdraw_max: String(values.withdraw_max ?? existing?.withdraw_max ?? ''),
    withdraw_fee: String(values.withdraw_fee ?? existing?.withdraw_fee ?? ''),
    deposit_enabled: Number(values.deposit_enabled ?? existing?.deposit_enabled ?? 1),
    withdraw_enabled: Number(values.withdraw_enabled ?? existing?.withdraw_enabled ?? 1),
  };
  const missing = Object.entries({
    address: merged.deposit_address,
    depositMin: merged.deposit_min,
    withdrawMin: merged.withdraw_min,
    withdrawMax: merged.withdraw_max,
    withdrawFee: merged.withdraw_fee,
  })
    .filter(([, v]) => v === '')
    .map(([k]) => k);
  if (missing.length) throw new OpsError(`A new network needs: ${missing.join(', ')}.`);
  if (BigInt(merged.withdraw_min) > BigInt(merged.withdraw_max)) throw new OpsError('withdrawMin must not be above withdrawMax.');
  if (existing) await db.updateTable('coin_networks').set(merged).where('id', '=', existing.id).execute();
  else
    await db
      .insertInto('coin_networks')
      .values({ coin_id: c.id, network, ...merged, created_at: now })
      .execute();
  return `${existing ? 'Changed' : 'Added'} ${c.coin} on ${network}.`;
}

async function removeNetwork(db: Db, code: string | undefined, [networkText]: string[]): Promise<string> {
  const c = await coinRow(db, code);
  const network = (networkText ?? '').toUpperCase();
  const result = await db.deleteFrom('coin_networks').where('coin_id', '=', c.id).where('network', '=', network).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new OpsError(`${c.coin} has no network "${networkText ?? ''}".`);
  return `Removed ${c.coin} on ${network}.`;
}

/** Runs `coin <sub> …`; returns what changed. */
export async function coinCommand(db: Db, args: string[], now: number): Promise<string> {
  const [sub, code, ...rest] = args;
  switch (sub) {
    case 'add':
      return addCoin(db, code, rest, now);
    case 'enable':
    case 'disable':
      return setCoinEnabled(db, code, sub);
    case 'network':
      return setNetwork(db, code, rest, now);
    case 'remove-network':
      return removeNetwork(db, code, rest);
    default:
      throw new OpsError(`Usage:\n${COIN_HELP}`);
  }
}
