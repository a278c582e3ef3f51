// Four eyes on where customers send money: a new network, a network's new deposit address and
// switching deposits or withdrawals on wait here as a proposal until a second operator who may
// edit coins approves; customers read coin_networks only, so until then they keep the current
// address (or none). Either side may reject. While one proposal of a network waits, a second
// is refused (not merged or replaced): the approver decides on exactly what was proposed.
import type { AdminNetworkProposal } from '../../../contract/generated/types.ts';
import { loadScreens } from '../../../contract/loader.ts';
import { OperatorCode } from '../../../contract/result-codes.ts';
import type { Db } from '../../core/db/index.ts';
import { forUpdate, lockNamed } from '../../core/db/locks.ts';
import type { CoinNetworkProposalRow, CoinNetworkRow, CoinRow, NetworkProposalKind, NetworkProposalStatus } from '../../core/db/types.ts';
import { businessError, validationError } from '../../core/errors.ts';
import type { Tx } from '../../core/ledger.ts';
import { type AuditActor, appendAudit } from '../../platform/audit/audit.ts';
import { rolesOf } from '../../platform/operators/operators.ts';
import { toCoinNetwork } from './coins.ts';

/** The coin_networks columns a network change writes. */
export type NetworkColumns = Pick<
  CoinNetworkRow,
  'deposit_address' | 'deposit_min' | 'withdraw_min' | 'withdraw_max' | 'withdraw_fee' | 'deposit_enabled' | 'withdraw_enabled'
>;
type GatedColumns = Pick<NetworkColumns, 'deposit_address' | 'deposit_enabled' | 'withdraw_enabled'>;

interface Proposed {
  /** What approval writes: every column for an add, the gated ones that change otherwise */
  set: Partial<NetworkColumns>;
  /** The gated columns when it was proposed (null: the network did not exist) */
  before: GatedColumns | null;
}

let editorRoles: readonly string[] | undefined;

/** The roles that edit coins: those of the network form (schemas/admin/admin-coin-network.json), so the rule and the endpoint cannot drift apart. */
export function coinEditorRoles(): readonly string[] {
  editorRoles ??= loadScreens().find((s) => s.screen.id === 'admin-coin-network')?.screen.roles ?? [];
  return editorRoles;
}

/**
 * What of a change must wait for a second operator: a new network whole; of an existing one a
 * different address, and deposits or withdrawals going from off to on. Switching off and limits
 * are not here: they apply at once.
 */
export function gatedPart(merged: NetworkColumns, existing: CoinNetworkRow | undefined): Partial<NetworkColumns> | null {
  if (!existing) return merged;
  const set: Partial<NetworkColumns> = {};
  if (merged.deposit_address !== existing.deposit_address) set.deposit_address = merged.deposit_address;
  if (merged.deposit_enabled === 1 && Number(existing.deposit_enabled) !== 1) set.deposit_enabled = 1;
  if (merged.withdraw_enabled === 1 && Number(existing.withdraw_enabled) !== 1) set.withdraw_enabled = 1;
  return Object.keys(set).length ? set : null;
}

/**
 * Every write of one network (a change, a proposal, a decision, a removal) takes this lock first
 * and holds it to commit (PostgreSQL; SQLite has one writer anyway): none of them acts on a row
 * another has just changed, and two proposals at once cannot both find none waiting.
 */
export async function lockNetwork(trx: Tx, coin: string, network: string): Promise<void> {
  await lockNamed(trx, `coin_network:${coin}/${network}`);
}

const gatedOf = (n: CoinNetworkRow | NetworkColumns): GatedColumns => ({
  deposit_address: n.deposit_address,
  deposit_enabled: Number(n.deposit_enabled),
  withdraw_enabled: Number(n.withdraw_enabled),
});

async function networkRow(db: Tx, coinId: number, network: string): Promise<CoinNetworkRow | undefined> {
  return forUpdate(db, db.selectFrom('coin_networks').selectAll().where('coin_id', '=', coinId).where('network', '=', network)).executeTakeFirst();
}

async function waitingProposal(db: Tx, coinId: number, network: string): Promise<CoinNetworkProposalRow | undefined> {
  return db
    .selectFrom('coin_network_proposals')
    .selectAll()
    .where('coin_id', '=', coinId)
    .where('network', '=', network)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

function proposalView(p: CoinNetworkProposalRow, coin: CoinRow, current: CoinNetworkRow | undefined, viewer: AuditActor | null): AdminNetworkProposal {
  const proposed = JSON.parse(p.proposed_json) as Proposed;
  // a waiting proposal is compared with what customers see now; a decided one with what they saw then
  const before = p.status === 'pending' ? (current ? gatedOf(current) : null) : proposed.before;
  const after = { ...(before ?? { deposit_address: '', deposit_enabled: 0, withdraw_enabled: 0 }), ...proposed.set };
  const mine = viewer !== null && (viewer.operatorId != null ? viewer.operatorId === p.proposer_operator_id : p.proposer_operator_id === null && viewer.actor === p.proposed_by);
  const turnsOn = (field: 'deposit_enabled' | 'withdraw_enabled') => Number(before?.[field] ?? 0) !== 1 && Number(after[field]) === 1;
  const deposit = turnsOn('deposit_enabled');
  const withdraw = turnsOn('withdraw_enabled');
  return {
    ID: Number(p.id),
    coin: coin.coin,
    network: p.network,
    kind: p.kind,
    status: p.status,
    addressBefore: before?.deposit_address ?? '',
    addressAfter: after.deposit_address,
    depositBefore: Number(before?.deposit_enabled ?? 0) === 1,
    depositAfter: Number(after.deposit_enabled) === 1,
    withdrawBefore: Number(before?.withdraw_enabled ?? 0) === 1,
    withdrawAfter: Number(after.withdraw_enabled) === 1,
    switchesOn: deposit && withdraw ? 'both' : deposit ? 'deposit' : withdraw ? 'withdraw' : 'none',
    proposedBy: p.proposed_by,
    created: iso(p.created_at)!,
    decidedBy: p.decided_by,
    decided: iso(p.decided_at),
    mine,
    waiting: p.status === 'pending',
  };
}

async function viewOf(db: Tx, p: CoinNetworkProposalRow, viewer: AuditActor | null): Promise<AdminNetworkProposal> {
  const coin = await db.selectFrom('coins').selectAll().where('id', '=', p.coin_id).executeTakeFirstOrThrow();
  return proposalView(p, coin, await networkRow(db, coin.id, p.network), viewer);
}

/**
 * Stores the gated part of a change as a proposal (inside the caller's transaction, which holds
 * the network): refused while another proposal of the network waits.
 */
export async function propose(
  trx: Tx,
  actor: AuditActor,
  coin: CoinRow,
  network: string,
  set: Partial<NetworkColumns>,
  existing: CoinNetworkRow | undefined,
  now: number,
): Promise<AdminNetworkProposal> {
  const waiting = await waitingProposal(trx, coin.id, network);
  if (waiting)
    throw validationError('network', 'admin.networkChangeWaiting', { coin: coin.coin, network, id: Number(waiting.id), by: waiting.proposed_by });
  const kind: NetworkProposalKind = existing ? 'change' : 'add';
  const proposed: Proposed = { set, before: existing ? gatedOf(existing) : null };
  const row = await trx
    .insertInto('coin_network_proposals')
    .values({
      coin_id: coin.id,
      network,
      kind,
      proposed_json: JSON.stringify(proposed),
      status: 'pending',
      proposed_by: actor.actor.slice(0, 80),
      proposer_operator_id: actor.operatorId ?? null,
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const before = existing ? toCoinNetwork(coin, existing) : null;
  const after = toCoinNetwork(coin, { id: 0, coin_id: coin.id, network, created_at: now, ...existing, ...(set as NetworkColumns) });
  await appendAudit(
    trx,
    { ...actor, action: 'coin.network.propose', targetKind: 'coin', targetId: `${coin.coin}/${network}`, before, after: { ...after, proposal: Number(row.id) } },
    now,
  );
  return proposalView(row, coin, existing, actor);
}

/** An operator who may decide now: signed in as an operator (not the host's CLI), not disabled, still holding a coin role. */
async function requireEditor(trx: Tx, actor: AuditActor): Promise<void> {
  if (actor.operatorId == null) throw validationError('ID', 'admin.networkChangeNeedsOperator');
  const op = await forUpdate(trx, trx.selectFrom('operators').selectAll().where('id', '=', actor.operatorId)).executeTakeFirst();
  const roles = op ? (rolesOf(op) as string[]) : [];
  if (!op || Number(op.disabled) === 1 || !coinEditorRoles().some((r) => roles.includes(r))) throw businessError(OperatorCode.notPermitted);
}

async function lockWaiting(trx: Tx, id: number): Promise<CoinNetworkProposalRow> {
  const known = await trx
    .selectFrom('coin_network_proposals')
    .innerJoin('coins', 'coins.id', 'coin_network_proposals.coin_id')
    .select(['coins.coin', 'coin_network_proposals.network'])
    .where('coin_network_proposals.id', '=', id)
    .executeTakeFirst();
  if (!known) throw validationError('ID', 'admin.networkChangeNotWaiting');
  await lockNetwork(trx, known.coin, known.network);
  // held until commit: a second decision at the same time waits, then finds it decided
  const row = await forUpdate(trx, trx.selectFrom('coin_network_proposals').selectAll().where('id', '=', id).where('status', '=', 'pending')).executeTakeFirst();
  if (!row) throw validationError('ID', 'admin.networkChangeNotWaiting');
  return row;
}

async function settle(trx: Tx, row: CoinNetworkProposalRow, status: NetworkProposalStatus, actor: AuditActor, now: number): Promise<void> {
  await trx
    .updateTable('coin_network_proposals')
    .set({ status, decided_by: actor.actor.slice(0, 80), decider_operator_id: actor.operatorId ?? null, decided_at: now })
    .where('id', '=', row.id)
    .execute();
}

const isProposer = (row: CoinNetworkProposalRow, actor: AuditActor) => actor.operatorId != null && row.proposer_operator_id === actor.operatorId;

/** The second approval: the proposal's columns reach the network customers see, in one transaction with its audit row. */
export async function approveNetworkChange(db: Db, actor: AuditActor, id: number, now: number): Promise<AdminNetworkProposal> {
  return db.transaction().execute(async (trx) => {
    await requireEditor(trx, actor);
    const row = await lockWaiting(trx, id);
    if (isProposer(row, actor)) throw validationError('ID', 'admin.networkChangeSameOperator');
    const coin = await trx.selectFrom('coins').selectAll().where('id', '=', row.coin_id).executeTakeFirstOrThrow();
    const existing = await networkRow(trx, coin.id, row.network);
    const { set } = JSON.parse(row.proposed_json) as Proposed;
    if (existing) await trx.updateTable('coin_networks').set(set).where('id', '=', existing.id).execute();
    else if (row.kind === 'add')
      await trx
        .insertInto('coin_networks')
        .values({ ...(set as NetworkColumns), coin_id: coin.id, network: row.network, created_at: now })
        .execute();
    else throw validationError('ID', 'admin.networkNotOfCoin', { coin: coin.coin, network: row.network });
    await settle(trx, row, 'approved', actor, now);
    const after = (await networkRow(trx, coin.id, row.network))!;
    await appendAudit(
      trx,
      {
        ...actor,
        action: 'coin.network.approve',
        targetKind: 'coin',
        targetId: `${coin.coin}/${row.network}`,
        before: existing ? toCoinNetwork(coin, existing) : null,
        after: { ...toCoinNetwork(coin, after), proposal: Number(row.id), proposedBy: row.proposed_by },
      },
      now,
    );
    return viewOf(trx, { ...row, status: 'approved', decided_by: actor.actor, decider_operator_id: actor.operatorId ?? null, decided_at: now }, actor);
  });
}

/** Rejects a waiting proposal (the proposer may withdraw their own): nothing customers see changes. */
export async function rejectNetworkChange(db: Db, actor: AuditActor, id: number, now: number): Promise<AdminNetworkProposal> {
  return db.transaction().execute(async (trx) => {
    if (actor.operatorId != null) await requireEditor(trx, actor);
    const row = await lockWaiting(trx, id);
    await settle(trx, row, 'rejected', actor, now);
    const decided = { ...row, status: 'rejected' as const, decided_by: actor.actor, decider_operator_id: actor.operatorId ?? null, decided_at: now };
    const view = await viewOf(trx, decided, actor);
    const coin = await trx.selectFrom('coins').selectAll().where('id', '=', row.coin_id).executeTakeFirstOrThrow();
    const current = await networkRow(trx, coin.id, row.network);
    await appendAudit(
      trx,
      {
        ...actor,
        action: 'coin.network.reject',
        targetKind: 'coin',
        targetId: `${coin.coin}/${row.network}`,
        before: current ? toCoinNetwork(coin, current) : null,
        after: { proposal: view.ID, proposedBy: view.proposedBy, status: 'rejected', addressAfter: view.addressAfter, depositAfter: view.depositAfter, withdrawAfter: view.withdrawAfter },
      },
      now,
    );
    return view;
  });
}

/** The proposals of a removed network lapse with it (inside the removal's transaction). */
export async function withdrawProposals(trx: Tx, actor: AuditActor, coinId: number, network: string, now: number): Promise<number[]> {
  const rows = await forUpdate(
    trx,
    trx.selectFrom('coin_network_proposals').selectAll().where('coin_id', '=', coinId).where('network', '=', network).where('status', '=', 'pending'),
  ).execute();
  for (const row of rows) await settle(trx, row, 'withdrawn', actor, now);
  return rows.map((r) => Number(r.id));
}

export interface ProposalFilter {
  coin?: string;
  status?: string;
}

/** Proposals, waiting ones first, then the newest; `viewer` marks those they proposed. */
export async function networkProposals(db: Tx, viewer: AuditActor | null, filter: ProposalFilter = {}): Promise<AdminNetworkProposal[]> {
  let q = db.selectFrom('coin_network_proposals').innerJoin('coins', 'coins.id', 'coin_network_proposals.coin_id').selectAll('coin_network_proposals');
  if (filter.coin?.trim()) q = q.where('coins.coin', '=', filter.coin.trim().toUpperCase());
  if (filter.status) q = q.where('coin_network_proposals.status', '=', filter.status as NetworkProposalStatus);
  const rows = await q.orderBy('coin_network_proposals.id', 'desc').limit(200).execute();
  const coins = new Map((await db.selectFrom('coins').selectAll().execute()).map((c) => [Number(c.id), c]));
  const networks = await db.selectFrom('coin_networks').selectAll().execute();
  const views = rows.map((p) =>
    proposalView(
      p,
      coins.get(Number(p.coin_id))!,
      networks.find((n) => Number(n.coin_id) === Number(p.coin_id) && n.network === p.network),
      viewer,
    ),
  );
  return [...views.filter((v) => v.waiting), ...views.filter((v) => !v.waiting)];
}
