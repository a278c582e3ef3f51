// check:schemas ties the ledger entry types, the notice events, the kline periods and the upload
// image types to their registries (scripts/check-registries.ts): the tree as it is passes, and a
// name spelt differently in one schema, config or locale file is named as a problem. The CLI's
// help and the docs' `npm run ops --` examples are held against its command table here (the
// checks are in scripts/check-registries.ts; only a test may import the server).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FEED_PERIODS, MAX_BARS } from '../../contract/feed-protocol.ts';
import { NOTICE_EVENTS } from '../../contract/notice-events.ts';
import { UPLOAD_IMAGE_MIMES, UPLOAD_NAME_SOURCE } from '../../contract/upload-images.ts';
import { COMMAND_NAMES, HELP } from '../../server/ops/cli.ts';
import { NAMED_COMMANDS } from '../../server/ops/as-operator.ts';
import { CONVENIENCE_COMMANDS } from '../../server/ops/conveniences.ts';
import type { JsonFile } from '../../scripts/check-review-kinds.ts';
import { loadSchemaFiles } from '../../scripts/check-review-kinds.ts';
import {
  checkKlinePeriods,
  checkLedgerTypes,
  checkNoticeEvents,
  checkOpsHelp,
  checkOpsMentions,
  checkRegistries,
  checkUploadImages,
  ledgerTypes,
  loadLocaleFiles,
  type Locales,
} from '../../scripts/check-registries.ts';

const files = loadSchemaFiles();
const locales = loadLocaleFiles();

/** The schema files with one file's text changed by `edit`. */
function edited(path: string, edit: (text: string) => string): JsonFile[] {
  const file = files.find((f) => f.path === path);
  expect(file, path).toBeDefined();
  const text = JSON.stringify(file!.json);
  const changed = edit(text);
  expect(changed, `${path} has nothing to change`).not.toBe(text);
  return files.map((f) => (f === file ? { path, json: JSON.parse(changed) as unknown } : f));
}

/** The locales with one language's file changed by `edit`. */
function editedLocale(lang: string, edit: (json: Record<string, Record<string, Record<string, unknown>>>) => void): Locales {
  const copy = structuredClone(locales.get(lang)) as Record<string, Record<string, Record<string, unknown>>>;
  edit(copy);
  return new Map([...locales].map(([l, json]) => [l, l === lang ? copy : json]));
}

describe('check:schemas on the registries', () => {
  it('passes the tree as it is', () => {
    expect(checkRegistries(files, locales)).toEqual([]);
  });

  it('reads the ledger types from their registry', () => {
    expect(ledgerTypes(files)).toContain('withdrawal_request');
    expect(ledgerTypes(files).length).toBeGreaterThanOrEqual(32);
  });

  it('fails on a ledger type the records filter spells differently', () => {
    const problems = checkLedgerTypes(
      edited('screens/coin-records.json', (t) => t.replace('"value":"bank_withdrawal_request"', '"value":"bank_request"')),
      locales,
    );
    expect(problems.join('\n')).toMatch(/screens\/coin-records\.json.*bank_request is not among the ledger types/);
    expect(problems.join('\n')).toMatch(/no bank_withdrawal_request/);
  });

  it('fails on a records.type label naming no ledger type', () => {
    const problems = checkLedgerTypes(
      edited('screens/coin-records.json', (t) => t.replace('"label":"records.type.wire_deposit"', '"label":"records.type.wire"')),
      locales,
    );
    expect(problems.join('\n')).toMatch(/"records\.type\.wire" names ledger type "wire"/);
    expect(problems.join('\n')).toMatch(/the option wire_deposit is labelled "records\.type\.wire"/);
  });

  it('fails on a ledger type added to the registry without its filter option and texts', () => {
    const problems = checkLedgerTypes(
      edited('entities/ledger-type.json', (t) => t.replace('"admin_debit"', '"admin_debit","loan_penalty"')),
      locales,
    );
    expect(problems.some((p) => p.startsWith('screens/coin-records.json') && p.includes('no loan_penalty'))).toBe(true);
    expect(problems.filter((p) => /^locales\/.*records\.type: no loan_penalty/.test(p))).toHaveLength(locales.size);
  });

  it('fails on a locale whose records.type family names a type that is not one', () => {
    const renamed = editedLocale('de-DE', (json) => {
      const types = json.records.type;
      types.spot_purchase = types.spot_buy;
      delete types.spot_buy;
    });
    expect(checkLedgerTypes(files, renamed)).toEqual([
      'locales/de-DE.json records.type: spot_purchase is not among the ledger types (entities/ledger-type.json)',
      'locales/de-DE.json records.type: no spot_buy (ledger types in entities/ledger-type.json)',
    ]);
  });

  it('fails on a notice event without its texts, and texts of no event', () => {
    expect(NOTICE_EVENTS).toContain('support_reply');
    const renamed = editedLocale('fr-FR', (json) => {
      json.notice.wire_received = json.notice.wire_credited;
      delete json.notice.wire_credited;
      delete (json.notice.kyc_rejected as Record<string, unknown>).body;
    });
    expect(checkNoticeEvents(renamed)).toEqual([
      'locales/fr-FR.json notice: wire_received is not among the notice events (contract/notice-events.ts)',
      'locales/fr-FR.json notice: no wire_credited (notice events in contract/notice-events.ts)',
      'locales/fr-FR.json notice.kyc_rejected: no body',
    ]);
    expect(checkNoticeEvents(locales, [...NOTICE_EVENTS, 'loan_repaid'])).toHaveLength(locales.size);
  });

  it('fails on a kline period or bound the feed does not have', () => {
    expect(checkKlinePeriods(files)).toEqual([]);
    expect(checkKlinePeriods(edited('endpoints/kline.json', (t) => t.replace('"1mon"', '"1month"')))).toEqual([
      'endpoints/kline.json interval: 1month is not among the kline periods (contract/feed-protocol.ts FEED_PERIODS)',
      'endpoints/kline.json interval: no 1mon (kline periods in contract/feed-protocol.ts FEED_PERIODS)',
    ]);
    expect(checkKlinePeriods(edited('endpoints/kline.json', (t) => t.replace('"maximum":300', '"maximum":500')))).toEqual([
      `endpoints/kline.json num.maximum: 500, the feed's MAX_BARS is ${MAX_BARS} (contract/feed-protocol.ts)`,
    ]);
    expect(checkKlinePeriods(edited('config/chart-periods.json', (t) => t.replace('"id":"1week"', '"id":"4hour"')))).toEqual([
      'config/chart-periods.json: "4hour" is not a kline period the feed serves (contract/feed-protocol.ts FEED_PERIODS)',
    ]);
    expect(FEED_PERIODS).toContain('1week');
  });

  it('fails on an upload image type or upload URL pattern the registry does not have', () => {
    expect(checkUploadImages(files)).toEqual([]);
    expect(checkUploadImages(edited('endpoints/upload.json', (t) => t.replace('"image/webp"', '"image/gif"')))).toEqual([
      'endpoints/upload.json response mime: image/gif is not among the upload image types (contract/upload-images.ts)',
      'endpoints/upload.json response mime: no image/webp (upload image types in contract/upload-images.ts)',
    ]);
    const pattern = `^/uploads/${UPLOAD_NAME_SOURCE}$`;
    const problems = checkUploadImages(edited('screens/deposit-create.json', (t) => t.replace('(jpg|png|webp)', '(jpg|png)')));
    expect(problems).toEqual([expect.stringMatching(/^screens\/deposit-create\.json\/.*\/pattern: .* is not the upload URL pattern/)]);
    expect(problems[0]).toContain(pattern);
    // a type added to the registry alone: the enum and every upload URL pattern lag behind it
    const grown = checkUploadImages(files, [...UPLOAD_IMAGE_MIMES, 'image/avif'], UPLOAD_NAME_SOURCE.replace('webp', 'webp|avif'));
    expect(grown[0]).toBe('endpoints/upload.json response mime: no image/avif (upload image types in contract/upload-images.ts)');
    expect(grown.length).toBeGreaterThanOrEqual(6);
  });

  it('fails on a CLI command its help leaves out, and on a help entry of no command', () => {
    expect(COMMAND_NAMES).toEqual(expect.arrayContaining(['help', 'restore', 'outbox', 'clear-pay-password', 'uploads', 'adjustment']));
    expect(checkOpsHelp(HELP, COMMAND_NAMES)).toEqual([]);
    // a command added to the table without its help line
    expect(checkOpsHelp(HELP, [...COMMAND_NAMES, 'sessions'])).toEqual(['server/ops/cli.ts HELP: no sessions (CLI commands in server/ops/cli.ts COMMANDS)']);
    // the help renaming one (and the old name left nowhere)
    const renamed = HELP.replace(/^ {2}invite-code /m, '  invitation ');
    expect(checkOpsHelp(renamed, COMMAND_NAMES)).toEqual([
      'server/ops/cli.ts HELP: invitation is not among the CLI commands (server/ops/cli.ts COMMANDS)',
      'server/ops/cli.ts HELP: no invite-code (CLI commands in server/ops/cli.ts COMMANDS)',
    ]);
    // a name joined with | counts for each: debit is only in `credit|debit … --as NAME`
    expect(checkOpsHelp(HELP.replace('  credit|debit <user>', '  credit <user>'), COMMAND_NAMES)).toEqual([
      'server/ops/cli.ts HELP: no debit (CLI commands in server/ops/cli.ts COMMANDS)',
    ]);
  });

  it('fails on a doc whose `npm run ops --` example names no command', () => {
    const root = join(import.meta.dirname, '../..');
    const read = (path: string) => ({ path, text: readFileSync(join(root, path), 'utf8') });
    const docs = [
      'README.md',
      ...readdirSync(join(root, 'docs'))
        .filter((f) => f.endsWith('.md'))
        .map((f) => `docs/${f}`),
    ].map(read);
    const domainReadmes = readdirSync(join(root, 'server'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => `server/${d.name}/README.md`);
    for (const path of domainReadmes) if (readdirSync(join(root, 'server', path.split('/')[1])).includes('README.md')) docs.push(read(path));
    expect(docs.map((d) => d.text.match(/npm run ops -- [a-z]/g) ?? []).flat().length).toBeGreaterThan(30);
    expect(checkOpsMentions(docs, COMMAND_NAMES)).toEqual([]);
    const planted = { path: 'README.md', text: 'npm run ops -- approve deposit 12\nnpm run ops -- invitecode   # a typo' };
    expect(checkOpsMentions([planted], COMMAND_NAMES)).toEqual(['README.md: "npm run ops -- invitecode" names no CLI command (server/ops/cli.ts COMMANDS)']);
  });

  it('names in the --as commands and the production refusals only commands of the CLI table', () => {
    const unknown = (names: readonly string[]) => names.filter((n) => !COMMAND_NAMES.includes(n));
    expect(NAMED_COMMANDS).toEqual(expect.arrayContaining(['approve', 'credit', 'debit', 'adjustment']));
    expect(CONVENIENCE_COMMANDS).toEqual(expect.arrayContaining(['credit', 'captcha', 'outbox']));
    expect(unknown(NAMED_COMMANDS)).toEqual([]);
    expect(unknown(CONVENIENCE_COMMANDS)).toEqual([]);
    // a convenience money command must also run as a named operator, or production could not do it at all
    expect(CONVENIENCE_COMMANDS.filter((n) => !['captcha', 'outbox'].includes(n) && !NAMED_COMMANDS.includes(n))).toEqual([]);
  });
});
