// What a form screen reads from its data sources: the responses, the part of each the form
// uses (pickSource), the live limits, the block that stops the form and the notices shown.
import { useMemo, useState } from 'react';
import { pickSources, resolveLimits, valueAt } from '../../contract/limits';
import type { Block } from './FormNotices';
import type { ScreenDef } from './types';

type Data = Record<string, unknown>;

export function useFormSources(screen: ScreenDef, formData: Data) {
  const [responses, setResponses] = useState<Record<string, unknown>>({});
  const sourceDefs = useMemo(() => screen.sources ?? {}, [screen.sources]);
  const reporters = useMemo(
    () =>
      Object.fromEntries(
        Object.keys(sourceDefs).map((name) => [name, (data: unknown) => setResponses((r) => (r[name] === data ? r : { ...r, [name]: data }))]),
      ),
    [sourceDefs],
  );
  const picked = useMemo(() => pickSources(sourceDefs, responses, formData), [sourceDefs, responses, formData]);
  const limits = useMemo(() => resolveLimits(screen.payload, picked), [picked, screen.payload]);
  const block = screen.block ? (valueAt(picked, screen.block) as Block | null | undefined) : undefined;
  // a notice shows while its path holds true or a non-empty text, which its message may quote as {{value}}
  const notices = (screen.notices ?? []).flatMap((n) => {
    const value = valueAt(picked, n.when);
    return value === true || (typeof value === 'string' && value !== '') ? [{ ...n, value }] : [];
  });
  // screen.resubmit: while its path holds (a rejected record), the fields the update adds (the record's ID)
  const resubmit = screen.resubmit;
  const resubmitFields =
    resubmit && valueAt(picked, resubmit.when) === true
      ? Object.fromEntries(Object.entries(resubmit.fields).map(([field, path]) => [field, valueAt(picked, path)]))
      : undefined;
  return { sourceDefs, reporters, responses, picked, limits, block, notices, resubmitFields };
}
