// GET /base/site: the server's version (the app's version check) and what the operator publishes
// about the platform (schemas/config/site.json): its name, the MSB registration and the service
// desk. Read once at start-up; nothing here is invented when the operator left it out.
import type { SiteConfig } from '../../../contract/generated/types.ts';
import { loadConfig } from '../../../contract/loader.ts';
import type { AppContext } from '../../platform/http/context.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';

interface SiteFile {
  name: string;
  msb: { registrationName: string; registrationNumber: string; jurisdiction: string; documentImage?: string } | null;
  service: SiteConfig['service'];
}

export function siteConfig(version: string, file: SiteFile = loadConfig<SiteFile>('site')): SiteConfig {
  const { msb, service } = file;
  return {
    version,
    name: file.name,
    msb: msb && { registrationName: msb.registrationName, registrationNumber: msb.registrationNumber, jurisdiction: msb.jurisdiction, documentImage: msb.documentImage ?? '' },
    service: { channels: service.channels.map(({ type, value }) => ({ type, value })), hours: { ...service.hours } },
  };
}

export function siteHandlers(ctx: AppContext): HandlerTable {
  const site = siteConfig(ctx.version);
  return {
    getSite: async () => site,
  };
}
