// Moved to server/platform/audit/actor.ts (the support desk audits its writes too).
export { cliActor, operatorActor, type Actor } from '../platform/audit/actor.ts';
