/**
 * Endpoints are registered from their contracts: the same zod schemas validate the request, serialize the
 * response and describe the OpenAPI document. Every request then climbs the same ladder:
 * no session → 401, bad input → 400, a role that may never call it → 403, then the handler (404 out of scope).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ErrorEnvelope, canCall, routePath, type Contract, type Response } from '@readalong/contracts';
import type { Actor } from '../domain/actor.js';
import { forbidden } from '../domain/errors.js';

type Input<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface HandlerInput<C extends Contract> {
  params: Input<C['params']>;
  query: Input<C['query']>;
  body: Input<C['body']>;
  actor: C['access'] extends 'public' ? null : Actor;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface Route {
  contract: Contract;
  handler: (input: HandlerInput<Contract>) => Promise<unknown>;
}

/** Pairs a contract with its handler; the handler's input and output types come from the contract. */
export function route<C extends Contract>(
  contract: C,
  handler: (input: HandlerInput<C>) => Promise<Response<C>>,
): Route {
  return { contract, handler: handler };
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

export type Authenticate = (request: FastifyRequest) => Promise<Actor>;

export const API_PREFIX = '/api';

export function registerRoutes(
  app: FastifyInstance,
  routes: readonly Route[],
  authenticate: Authenticate,
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const { contract, handler } of routes) {
    const isPublic = contract.access === 'public';
    typed.route({
      method: contract.method,
      url: API_PREFIX + routePath(contract),
      schema: {
        operationId: contract.name,
        summary: contract.summary,
        tags: [tagOf(contract)],
        ...(isPublic ? {} : { security: [{ bearer: [] }] }),
        ...(contract.params ? { params: contract.params } : {}),
        ...(contract.query ? { querystring: contract.query } : {}),
        ...(contract.body ? { body: contract.body } : {}),
        ...(contract.multipart ? { consumes: ['multipart/form-data'] } : {}),
        response: {
          [contract.status ?? 200]: contract.mediaType
            ? { content: { [contract.mediaType]: { schema: contract.response } } }
            : contract.response,
          '4xx': ErrorEnvelope,
          '5xx': ErrorEnvelope,
        },
      },
      onRequest: async (request) => {
        request.actor = isPublic ? null : await authenticate(request);
      },
      preHandler: async (request) => {
        if (!isPublic && !canCall(contract.access, request.actor?.role ?? null)) throw forbidden();
      },
      handler: async (request, reply) => {
        const result = await handler({
          params: request.params,
          query: request.query,
          body: request.body,
          actor: request.actor,
          request,
          reply,
        } as HandlerInput<Contract>);
        void reply.status(contract.status ?? 200);
        // A file answer is sent as it is: Fastify serializes only JSON.
        if (contract.mediaType) void reply.type(`${contract.mediaType}; charset=utf-8`);
        return result;
      },
    });
  }
}

/** OpenAPI tag: the first meaningful path segment (`/v1/students/...` → students). */
function tagOf(contract: Contract): string {
  const segments = contract.path.split('/').filter((segment) => segment && !/^v\d+$/.test(segment));
  return segments[0] === 'user' || segments[0] === 'password' || segments.length === 1
    ? 'account'
    : segments[0]!;
}
