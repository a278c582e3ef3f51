// Identity verification tables (migration 0008_kyc).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface KycTables {}
