// GET /base/site: the server's version (the app's version check) and what the operator publishes
// about the platform (schemas/config/site.json): its name, the MSB registration and the service
// desk, read at each request (site.json is changeable at run time), with the published configuration
// version beside the app's; nothing here is invented when the operator left it out.
import type { SiteConfig } from '../../../contract/generated/types.ts';
import { liveConfig, liveConfigVersion, liveTexts } from '../../core/live-config.ts';
import type { AppContext } from '../../platform/http/context.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';

interface SiteFile {
  name: string;
  msb: { registrationName: string; registrationNumber: string; jurisdiction: string; documentImage?: string } | null;
  service: SiteConfig['service'];
}

export function siteConfig(version: string, file: SiteFile = liveConfig<SiteFile>('site')): SiteConfig {
  const { msb, service } = file;
  return {
    version,
    configVersion: liveConfigVersion(),
    name: file.name,
    msb: msb && { registrationName: msb.registrationName, registrationNumber: msb.registrationNumber, jurisdiction: msb.jurisdiction, documentImage: msb.documentImage ?? '' },
    service: { channels: service.channels.map(({ type, value }) => ({ type, value })), hours: { ...service.hours } },
  };
}

export function siteHandlers(ctx: AppContext): HandlerTable {
  return {
    getSite: async () => siteConfig(ctx.version),
    getSiteTexts: async ({ lang }) => {
      const codes = [...new Set([ctx.i18n.resolve(lang), ctx.i18n.defaultCode])];
      return { version: liveConfigVersion(), texts: Object.fromEntries(codes.map((c) => [c, liveTexts(c)]).filter(([, t]) => Object.keys(t).length)) };
    },
  };
}
