// The api the back office's generated modules inject into: the one api (./base) with the back
// office's tag types added. Only the admin build loads this module.
import { ADMIN_TAG_TYPES } from '../../contract/generated/tags';
import { api as base } from './base';

export const api = base.enhanceEndpoints({ addTagTypes: ADMIN_TAG_TYPES });
