// Migrations are listed here in order; the Migrator gets them from this in-code provider.
import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001_init.ts';
import * as m0002 from './0002_trading.ts';
import * as m0003 from './0003_market_history.ts';
import * as m0004 from './0004_idempotency.ts';
import * as m0005 from './0005_funds.ts';
import * as m0006 from './0006_product_names.ts';
import * as m0007 from './0007_sessions.ts';
import * as m0008 from './0008_kyc.ts';
import * as m0009 from './0009_notices.ts';
import * as m0010 from './0010_password_links.ts';
import * as m0011 from './0011_ieo.ts';
import * as m0012 from './0012_financing.ts';
import * as m0013 from './0013_mining.ts';
import * as m0014 from './0014_hashed_codes.ts';
import * as m0015 from './0015_backoffice.ts';
import * as m0016 from './0016_freeze_reasons.ts';
import * as m0017 from './0017_support_chat.ts';
import * as m0020 from './0020_broadcast_keys.ts';
import * as m0021 from './0021_upload_blobs.ts';
import * as m0022 from './0022_cluster_lease.ts';
import * as m0023 from './0023_bank_routing.ts';
import * as m0024 from './0024_account_security.ts';
import * as m0025 from './0025_signin_lang.ts';
import * as m0026 from './0026_upload_store.ts';
import * as m0027ops from './0027_operators_duties.ts';
import * as m0028 from './0028_addresses_network_proposals.ts';
import * as m0029 from './0029_audit_keyed_chain.ts';
import * as m0030loan from './0030_loan_requested_range.ts';
import * as m0031txhash from './0031_withdrawal_tx_hash.ts';
import * as m0032due from './0032_due_indexes.ts';
import * as m0033names from './0033_clear_column_names.ts';
import * as m0034notes from './0034_customer_notes.ts';
import * as m0035claims from './0035_review_claims.ts';
import * as m0036bankref from './0036_bank_withdrawal_reference.ts';
import * as m0037published from './0037_article_published.ts';
import * as m0038audience from './0038_broadcast_audience.ts';
import * as m0039config from './0039_config_versions.ts';

export const migrations: Record<string, Migration> = {
  '0001_init': m0001,
  '0002_trading': m0002,
  '0003_market_history': m0003,
  '0004_idempotency': m0004,
  '0005_funds': m0005,
  '0006_product_names': m0006,
  '0007_sessions': m0007,
  '0008_kyc': m0008,
  '0009_notices': m0009,
  '0010_password_links': m0010,
  '0011_ieo': m0011,
  '0012_financing': m0012,
  '0013_mining': m0013,
  '0014_hashed_codes': m0014,
  '0015_backoffice': m0015,
  '0016_freeze_reasons': m0016,
  '0017_support_chat': m0017,
  '0020_broadcast_keys': m0020,
  '0021_upload_blobs': m0021,
  '0022_cluster_lease': m0022,
  '0023_bank_routing': m0023,
  '0024_account_security': m0024,
  '0025_signin_lang': m0025,
  '0026_upload_store': m0026,
  '0027_operators_duties': m0027ops,
  '0028_addresses_network_proposals': m0028,
  '0029_audit_keyed_chain': m0029,
  '0030_loan_requested_range': m0030loan,
  '0031_withdrawal_tx_hash': m0031txhash,
  '0032_due_indexes': m0032due,
  '0033_clear_column_names': m0033names,
  '0034_customer_notes': m0034notes,
  '0035_review_claims': m0035claims,
  '0036_bank_withdrawal_reference': m0036bankref,
  '0037_article_published': m0037published,
  '0038_broadcast_audience': m0038audience,
  '0039_config_versions': m0039config,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
