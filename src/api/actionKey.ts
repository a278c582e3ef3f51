// One Idempotency-Key per user action (issue 10). A submit takes the key of the action in
// progress while its payload is unchanged and its outcome unknown, so a retry after a timeout
// or a network error, or a double tap while the first call runs, sends the same key and the
// server creates one order. Once the server has answered (success or a business error) the
// action is over: the next submit is a new action with a fresh key.
import type { ApiError } from './baseQuery';

export interface ActionKey {
  /** The key for submitting `payload`: the current action's while its payload is the same, else a fresh one */
  keyFor(payload: unknown): string;
  /** Record how the call ended: an answer from the server ends the action; a network failure or timeout keeps it for the retry */
  settle(outcome: { error?: unknown } | { data?: unknown }): void;
  /** Forget the action in progress (the user changed what they are doing) */
  reset(): void;
}

function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const randomKey = () => globalThis.crypto.randomUUID();

/** Whether a failed call may not have reached the server (so its retry must reuse the key). */
export function outcomeUnknown(error: unknown): boolean {
  const kind = (error as Partial<ApiError> | null | undefined)?.kind;
  return kind === 'network' || kind === 'timeout' || (kind === 'http' && ((error as ApiError).status ?? 0) >= 500);
}

export function createActionKey(newKey: () => string = randomKey): ActionKey {
  let current: { key: string; payload: string } | null = null;
  return {
    keyFor(payload) {
      const p = stable(payload);
      if (!current || current.payload !== p) current = { key: newKey(), payload: p };
      return current.key;
    },
    settle(outcome) {
      if ('error' in outcome && outcome.error !== undefined && outcomeUnknown(outcome.error)) return;
      current = null;
    },
    reset() {
      current = null;
    },
  };
}
