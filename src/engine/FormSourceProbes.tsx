// A form screen's data sources, each loaded by an invisible probe that reports its response.
import { useEffect } from 'react';
import type { DataSource } from '../../contract/screen';
import type { ScreenModule } from './types';

interface ProbeProps {
  endpoint: ScreenModule['endpoint'];
  args: unknown;
  onData(data: unknown): void;
}

/** Loads one data source with its RTK Query hook and reports the response. */
function SourceProbe({ endpoint, args, onData }: ProbeProps) {
  const { data } = endpoint.useQuery(args);
  useEffect(() => onData(data), [data, onData]);
  return null;
}

/** A paged list as a source (a list screen's endpoint): its first page, as the server reads it too. */
function PagedSourceProbe({ endpoint, args, onData }: ProbeProps) {
  const { data } = endpoint.useInfiniteQuery(args);
  const first = data?.pages?.[0];
  useEffect(() => onData(first), [first, onData]);
  return null;
}

interface SourceProbesProps {
  sourceDefs: Record<string, DataSource>;
  endpoints: ScreenModule['sources'];
  reporters: Record<string, (data: unknown) => void>;
}

export function SourceProbes({ sourceDefs, endpoints, reporters }: SourceProbesProps) {
  return (
    <>
      {Object.entries(sourceDefs).map(([name, def]) => {
        const endpoint = endpoints?.[name];
        const Probe = typeof endpoint?.useInfiniteQuery === 'function' ? PagedSourceProbe : SourceProbe;
        return <Probe key={name} endpoint={endpoint} args={def.args ?? {}} onData={reporters[name]} />;
      })}
    </>
  );
}
