// `ops coin …`: the coin table and its networks. The words are read here; the changes, their
// checks and their audit rows are the back office's too (server/funds/coins/coin-admin.ts).
import { formatUnits } from '../../../contract/decimal.ts';
import type { Db } from '../../core/db/index.ts';
import type { AuditActor } from '../../platform/audit/audit.ts';
import { keyValues, table } from '../../platform/ops/format.ts';
import { addCoin, type NetworkChange, removeNetwork, setCoinEnabled, setNetwork } from './coin-admin.ts';
import { approveNetworkChange, networkProposals, rejectNetworkChange } from './network-proposals.ts';
import { refusal } from '../../core/errors.ts';

export const COIN_HELP = `  coin list           every coin and network: limits, fee, deposit address, on/off
  coin add <COIN> <name> <decimals>
                      a new coin (enabled, no network yet)
  coin enable|disable <COIN>
  coin network <COIN> <NETWORK> [key=value …]
                      add or change a network; keys: address, depositMin, withdrawMin,
                      withdrawMax, withdrawFee, deposit=on|off, withdraw=on|off
                      a new network, a new address and deposit=on or withdraw=on wait
                      for a second operator's approval in the back office
  coin remove-network <COIN> <NETWORK>
  coin changes        network changes waiting for approval
  coin approve|reject <ID>
                      decide a waiting network change (approving takes a named operator)`;

const NETWORK_KEYS = ['address', 'depositMin', 'withdrawMin', 'withdrawMax', 'withdrawFee', 'deposit', 'withdraw'] as const;

function named(code: string | undefined): string {
  if (!code) throw refusal('refusals.coin.missing');
  return code;
}

function onOff(key: string, text: string): 'on' | 'off' {
  if (text === 'on' || text === 'off') return text;
  throw refusal('refusals.coin.onOff', { key, input: text });
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

async function addCoinCommand(db: Db, actor: AuditActor, code: string | undefined, [name, decimalsText]: string[], now: number): Promise<string> {
  if (!code || !name || !/^\d{1,2}$/.test(decimalsText ?? '')) throw refusal('refusals.usage', { usage: 'coin add <COIN> <name> <decimals 0-8>, e.g. coin add SOL Solana 6' });
  const c = await addCoin(db, actor, { coin: code, name, decimals: Number(decimalsText) }, now);
  return `Added ${c.coin} (${c.name}, ${c.decimals} decimals). Add its networks with: coin network ${c.coin} <NETWORK> address=… depositMin=… withdrawMin=… withdrawMax=… withdrawFee=…`;
}

/** `key=value …` pairs as a network change; the domain checks the values. */
function networkChange(coin: string, network: string, pairs: string[]): NetworkChange {
  const given = keyValues(pairs, NETWORK_KEYS);
  const { deposit, withdraw, ...rest } = given;
  return {
    coin,
    network,
    ...rest,
    ...(deposit === undefined ? {} : { deposit: onOff('deposit', deposit) }),
    ...(withdraw === undefined ? {} : { withdraw: onOff('withdraw', withdraw) }),
  };
}

async function setNetworkCommand(db: Db, actor: AuditActor, code: string | undefined, [network, ...pairs]: string[], now: number): Promise<string> {
  if (!network) throw refusal('refusals.usage', { usage: `\n${COIN_HELP}` });
  const { network: n, proposal: p } = await setNetwork(db, actor, networkChange(named(code), network, pairs), now);
  const lines = n ? [`Changed ${n.coin} on ${n.network}.`] : [];
  if (p)
    lines.push(
      `Proposal ${p.ID} (${p.coin} on ${p.network}: address ${p.addressAfter}, deposits ${p.depositAfter ? 'on' : 'off'}, withdrawals ${p.withdrawAfter ? 'on' : 'off'}) waits for a second operator's approval in the back office; customers see the network as before until then.`,
    );
  return lines.join('\n');
}

export async function listChanges(db: Db, actor: AuditActor): Promise<Record<string, string>[]> {
  return (await networkProposals(db, actor, { status: 'pending' })).map((p) => ({
    id: String(p.ID),
    coin: p.coin,
    network: p.network,
    kind: p.kind,
    addressBefore: p.addressBefore,
    addressAfter: p.addressAfter,
    deposit: `${p.depositBefore ? 'on' : 'off'} -> ${p.depositAfter ? 'on' : 'off'}`,
    withdraw: `${p.withdrawBefore ? 'on' : 'off'} -> ${p.withdrawAfter ? 'on' : 'off'}`,
    proposedBy: p.proposedBy,
    created: p.created,
  }));
}

function proposalId(text: string | undefined): number {
  if (!/^[1-9]\d{0,9}$/.test(text ?? '')) throw refusal('refusals.coin.changeNumber');
  return Number(text);
}

/** Runs `coin <sub> …`; returns what changed. */
export async function coinCommand(db: Db, actor: AuditActor, args: string[], now: number): Promise<string> {
  const [sub, code, ...rest] = args;
  switch (sub) {
    case 'add':
      return addCoinCommand(db, actor, code, rest, now);
    case 'enable':
    case 'disable':
      return `${(await setCoinEnabled(db, actor, named(code), sub === 'enable', now)).coin} ${sub}d.`;
    case 'network':
      return setNetworkCommand(db, actor, code, rest, now);
    case 'changes':
      return table(await listChanges(db, actor), 'No network change waits for approval.');
    case 'approve': {
      const p = await approveNetworkChange(db, actor, proposalId(code), now);
      return `Approved change ${p.ID}: customers now see ${p.coin} on ${p.network} with address ${p.addressAfter}.`;
    }
    case 'reject':
      return `Rejected change ${(await rejectNetworkChange(db, actor, proposalId(code), now)).ID}; customers see no change.`;
    case 'remove-network': {
      const c = await removeNetwork(db, actor, named(code), rest[0] ?? '', now);
      return `Removed ${c.coin} on ${(rest[0] ?? '').toUpperCase()}.`;
    }
    default:
      throw refusal('refusals.usage', { usage: `\n${COIN_HELP}` });
  }
}
