// Notification and content tables (migration 0009_notices).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface NoticeTables {}
