// Session tables (migration 0007_sessions).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface SessionTables {}
