/** MSW handlers typed from the contracts: a mocked answer must satisfy the contract's response schema. */
import {
  contracts,
  routePath,
  type Contract,
  type Contracts,
  type ErrorCode,
  type ErrorEnvelope,
  type OperationName,
} from '@readalong/contracts';
import { http, HttpResponse } from 'msw';
import type { z } from 'zod';
import { API_BASE } from '@/lib/api-client';
import { server } from './server';

/** An error answer in the API's one envelope. */
export class ErrorAnswer {
  constructor(
    readonly status: number,
    readonly error: ErrorEnvelope['error'],
  ) {}
}

export const errorAnswer = (
  status: number,
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
) => new ErrorAnswer(status, { code, message, ...(fields && { fields }) });

type Answer<C extends Contract> = z.input<C['response']> | ErrorAnswer;
type Resolver<C extends Contract> = (request: Request) => Answer<C> | Promise<Answer<C>>;

/** Answers calls of one operation for the rest of the test. */
export function answer<N extends OperationName>(name: N, resolve: Resolver<Contracts[N]>): void {
  const contract: Contract = contracts[name];
  const method = contract.method.toLowerCase() as Lowercase<Contract['method']>;
  server.use(
    http[method](API_BASE + routePath(contract), async ({ request }) => {
      const reply = await resolve(request);
      if (reply instanceof ErrorAnswer)
        return HttpResponse.json({ error: reply.error }, { status: reply.status });
      return HttpResponse.json(contract.response.parse(reply) as object, { status: contract.status ?? 200 });
    }),
  );
}
