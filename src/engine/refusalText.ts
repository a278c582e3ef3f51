// What a screen that could not load says: the server's refusal in its own words (403 naming the
// role an operator lacks, or a business code), else nothing, and the screen says it could not load.
export function refusalText(error: unknown): string | undefined {
  const e = error as { kind?: string; status?: number; message?: string } | undefined;
  return e && (e.kind === 'business' || e.status === 403) && e.message ? e.message : undefined;
}
