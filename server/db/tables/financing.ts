// Financing tables (migration 0012_financing).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface FinancingTables {}
