// Walks the whole audit trail in seq order and names everything that does not hold: rows removed
// from the start or the middle (a gap in seq, with how many), rows inserted or replaced (a link
// that does not match), rows edited (content that does not match its keyed hash), runs of rows
// re-hashed without the server's key (plain SHA-256 where keyed hashes belong, or another key),
// and, against the anchor outside the database, rows cut off the end (how many) or a head that
// is not the anchored one. Plain SHA-256 rows are accepted only before the first keyed row and
// before the anchor's `keyedFrom`, so no one can add unkeyed rows after the upgrade.
import type { Db } from '../../core/db/index.ts';
import type { AuditRow } from '../../core/db/types.ts';
import type { Anchor } from './anchor-store.ts';
import { GENESIS_HASH, keyedHash, plainHash } from './chain-hash.ts';
import { trailOf } from './trail.ts';

export type ChainProblem =
  | { kind: 'missing'; fromSeq: number; toSeq: number; beforeId: number }
  | { kind: 'out-of-order'; seq: number; id: number }
  | { kind: 'relinked'; seq: number; id: number }
  | { kind: 'edited'; seq: number; id: number }
  | { kind: 'rehashed'; fromSeq: number; toSeq: number; fromId: number; how: 'plain' | 'other-key' }
  | { kind: 'tail'; lastSeq: number; anchorSeq: number }
  | { kind: 'not-anchored-row'; seq: number; id: number; anchorSeq: number }
  | { kind: 'no-anchor'; where: string }
  | { kind: 'anchor-unreadable'; where: string; reason: string };

export interface ChainReport {
  rows: number;
  /** rows from before keyed hashes */
  plainRows: number;
  anchor?: Anchor;
  anchorWhere: string;
  problems: ChainProblem[];
}

type BadHash = { seq: number; id: number; how: 'plain' | 'other-key'; linked: boolean };

/** Consecutive rows with a bad hash whose links hold: one edited row, or a stretch re-hashed. */
function hashProblems(bad: BadHash[]): ChainProblem[] {
  const out: ChainProblem[] = [];
  for (let i = 0; i < bad.length; ) {
    let j = i;
    while (j + 1 < bad.length && bad[j + 1].seq === bad[j].seq + 1 && bad[j + 1].how === bad[i].how && bad[j + 1].linked) j++;
    const first = bad[i];
    if (j === i && first.how === 'other-key') out.push({ kind: 'edited', seq: first.seq, id: first.id });
    else out.push({ kind: 'rehashed', fromSeq: first.seq, toSeq: bad[j].seq, fromId: first.id, how: first.how });
    i = j + 1;
  }
  return out;
}

export async function verifyAuditTrail(db: Db, batch = 1000): Promise<ChainReport> {
  const { key, store } = trailOf(db);
  const problems: ChainProblem[] = [];
  let anchor: Anchor | undefined;
  try {
    anchor = store.read();
  } catch (error) {
    problems.push({ kind: 'anchor-unreadable', where: store.where, reason: (error as Error).message });
  }
  const keyedFrom = anchor?.keyedFrom ?? null;
  const bad: BadHash[] = [];
  let prev = { seq: 0, hash: GENESIS_HASH };
  let keyedSeen = false;
  let rows = 0;
  let plainRows = 0;
  let atAnchor: AuditRow | undefined;
  for (let after = { seq: 0, id: 0 }; ; ) {
    const page = await db
      .selectFrom('audit_log')
      .selectAll()
      .where((eb) => eb.or([eb('seq', '>', after.seq), eb.and([eb('seq', '=', after.seq), eb('id', '>', after.id)])]))
      .orderBy('seq')
      .orderBy('id')
      .limit(batch)
      .execute();
    for (const row of page) {
      const seq = Number(row.seq);
      const id = Number(row.id);
      rows++;
      let linked = row.prev_hash === prev.hash;
      if (seq > prev.seq + 1) {
        problems.push({ kind: 'missing', fromSeq: prev.seq + 1, toSeq: seq - 1, beforeId: id });
        linked = true; // the gap says it; its link cannot match
      } else if (seq <= prev.seq) problems.push({ kind: 'out-of-order', seq, id });
      else if (!linked) problems.push({ kind: 'relinked', seq, id });
      if (anchor && seq === anchor.seq) atAnchor = row;
      if (keyedHash(key, row) === row.hash) keyedSeen = true;
      else if (plainHash(row) === row.hash && !keyedSeen && (keyedFrom === null || seq < keyedFrom)) plainRows++;
      else bad.push({ seq, id, how: plainHash(row) === row.hash ? 'plain' : 'other-key', linked });
      prev = { seq, hash: row.hash };
    }
    if (page.length < batch) break;
    const last = page.at(-1)!;
    after = { seq: Number(last.seq), id: Number(last.id) };
  }
  problems.push(...hashProblems(bad));
  if (anchor) {
    if (prev.seq < anchor.seq) problems.push({ kind: 'tail', lastSeq: prev.seq, anchorSeq: anchor.seq });
    else if (atAnchor && atAnchor.hash !== anchor.hash) problems.push({ kind: 'not-anchored-row', seq: anchor.seq, id: Number(atAnchor.id), anchorSeq: anchor.seq });
  } else if (keyedSeen && !problems.some((p) => p.kind === 'anchor-unreadable')) problems.push({ kind: 'no-anchor', where: store.where });
  return { rows, plainRows, anchor, anchorWhere: store.where, problems };
}

const rowsText = (n: number) => (n === 1 ? '1 row' : `${n} rows`);

/** A problem in a sentence, for `ops audit verify`. */
export function describeProblem(p: ChainProblem): string {
  switch (p.kind) {
    case 'missing':
      return p.fromSeq === p.toSeq
        ? `row ${p.fromSeq} is missing (removed): the trail goes on at row ${p.toSeq + 1} (id ${p.beforeId})`
        : `rows ${p.fromSeq}–${p.toSeq} are missing (${rowsText(p.toSeq - p.fromSeq + 1)} removed): the trail goes on at row ${p.toSeq + 1} (id ${p.beforeId})`;
    case 'out-of-order':
      return `row ${p.seq} (id ${p.id}) repeats or goes back in the sequence: it was inserted`;
    case 'relinked':
      return `row ${p.seq} (id ${p.id}) does not link to the row before it: a row was replaced or inserted there`;
    case 'edited':
      return `row ${p.seq} (id ${p.id}) was edited: its content does not match its hash`;
    case 'rehashed': {
      const span = p.fromSeq === p.toSeq ? `row ${p.fromSeq} (id ${p.fromId})` : `rows ${p.fromSeq}–${p.toSeq} (${rowsText(p.toSeq - p.fromSeq + 1)}, from id ${p.fromId})`;
      return p.how === 'plain'
        ? `${span}: plain SHA-256 where the server's keyed hash belongs: the chain was recomputed without the key from row ${p.fromSeq}`
        : `${span}: each links to the one before but none matches its hash under the server's key: edited and recomputed with another key from row ${p.fromSeq}`;
    }
    case 'tail':
      return `the last ${rowsText(p.anchorSeq - p.lastSeq)} are missing: the trail ends at row ${p.lastSeq}, the anchor names row ${p.anchorSeq}`;
    case 'not-anchored-row':
      return `row ${p.seq} (id ${p.id}) is not the row the anchor names: the trail was cut back and rewritten from row ${p.anchorSeq} or before`;
    case 'no-anchor':
      return `the anchor ${p.where} is missing, so rows cut off the end cannot be counted (was it removed? is AUDIT_EXPORT_DIR set as for the server?)`;
    case 'anchor-unreadable':
      return `the anchor cannot be read: ${p.reason}`;
  }
}
