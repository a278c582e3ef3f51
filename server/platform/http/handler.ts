// What a handler is: a function from the endpoint's validated input to its output, both typed
// by the generated Endpoints map, found by the endpoint's `name` in the schema files.
import type { FastifyRequest } from 'fastify';
import type { EndpointName, Endpoints } from '../../../contract/generated/endpoints.ts';
import type { Limit } from '../../core/config.ts';
import type { AppContext } from './context.ts';
import type { UserRow } from '../../core/db/types.ts';
import type { OperatorSession } from '../operators/operator-sessions.ts';

export interface PublicCall {
  req: FastifyRequest;
}

export interface UserCall extends PublicCall {
  /** The authenticated user (the endpoint's schema file does not say `auth: false`) */
  user: UserRow;
}

export interface OperatorCall extends PublicCall {
  /** The signed-in operator and the session (a back-office endpoint: audience "operator") */
  session: OperatorSession;
}

export type CallOf<N extends EndpointName> = Endpoints[N]['auth'] extends true ? (Endpoints[N] extends { operator: true } ? OperatorCall : UserCall) : PublicCall;

export type Handler<N extends EndpointName> = (input: Endpoints[N]['input'], call: CallOf<N>) => Promise<Endpoints[N]['output']>;

/** A per-IP limit checked before authentication and validation. */
export interface IpLimit {
  bucket: string;
  limit: (ctx: AppContext) => Limit;
}

export type HandlerEntry<N extends EndpointName> = Handler<N> | { run: Handler<N>; limits: IpLimit[] };

/** Handlers by endpoint name; a module exports a part of it. */
export type HandlerTable = { [N in EndpointName]?: HandlerEntry<N> };

export type HandlerModule = (ctx: AppContext) => HandlerTable;
