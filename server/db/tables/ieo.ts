// IEO tables (migration 0011_ieo).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface IeoTables {}
