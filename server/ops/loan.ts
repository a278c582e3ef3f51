// PLACEHOLDER: `ops loan …` (loan products and repayments), to be written (funds issue).
import type { Db } from '../db/index.ts';

export const LOAN_HELP = '';

export async function loanCommand(_db: Db, _args: string[], _now: number): Promise<string> {
  return 'not built yet';
}
