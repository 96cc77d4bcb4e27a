/**
 * The one way the app talks to the server: `api(operationName, input)`. Method, path and every type come from
 * the contract of that name, so no URL or payload type is written in the app.
 */
import {
  ErrorEnvelope,
  contracts,
  fillPath,
  type Body,
  type Contract,
  type Contracts,
  type ErrorCode,
  type MultipartBody,
  type OperationName,
  type Params,
  type Query,
  type Response as ContractResponse,
} from '@readalong/contracts';
import type { z } from 'zod';
import { session } from './session';

/** SPEC.md §7: every call goes to {host}/api. */
export const API_BASE = '/api';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    /** For bad input: field path (e.g. `body.password`) → what is wrong with it. */
    readonly fields: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

type FilesOf<M extends MultipartBody> = M['files'][number];
/** Drops the `[key: string]: never` that zod gives a strict object, so file fields can join it. */
type KnownKeys<T> = { [K in keyof T as string extends K ? never : K]: T[K] };
/** A multipart body: its text fields plus one Blob per file field, required as the contract says. */
type MultipartInput<M extends MultipartBody> = KnownKeys<z.input<M['fields']>> & {
  [F in FilesOf<M> as F['required'] extends true ? F['name'] : never]: Blob;
} & { [F in FilesOf<M> as F['required'] extends true ? never : F['name']]?: Blob };

type BodyInput<C extends Contract> = C['multipart'] extends MultipartBody
  ? MultipartInput<C['multipart']>
  : Body<C>;

/** A part the contract lacks cannot be passed; a part with only optional fields may be left out. */
type Part<Key extends string, Value> = [Value] extends [undefined]
  ? { [K in Key]?: never }
  : Partial<Value> extends Value
    ? { [K in Key]?: Value }
    : { [K in Key]: Value };

export type ApiInput<C extends Contract> = Part<'params', Params<C>> &
  Part<'query', Query<C>> &
  Part<'body', BodyInput<C>>;

type ApiArgs<C extends Contract> =
  Partial<ApiInput<C>> extends ApiInput<C> ? [input?: ApiInput<C>] : [input: ApiInput<C>];

/** Query strings and multipart text fields carry scalars only. */
type Scalar = string | number | boolean | undefined;

interface LooseInput {
  params?: Record<string, string | number>;
  query?: Record<string, Scalar>;
  body?: unknown;
}

export async function api<N extends OperationName>(
  name: N,
  ...[input]: ApiArgs<Contracts[N]>
): Promise<ContractResponse<Contracts[N]>> {
  const contract: Contract = contracts[name];
  // Past the typed signature, the parts are handled alike whatever the operation.
  const response = await send(contract, (input ?? {}) as LooseInput);
  if (!response.ok) throw await errorFrom(response);
  return parseResponse(contract, response) as Promise<ContractResponse<Contracts[N]>>;
}

async function send(contract: Contract, input: LooseInput): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json' });
  const user = await session.restore();
  if (user) headers.set('Authorization', `Bearer ${user.access_token}`);
  const body = encodeBody(contract, input.body, headers);
  try {
    return await fetch(urlFor(contract, input), { method: contract.method, headers, body });
  } catch {
    throw new ApiError(
      0,
      'service_unavailable',
      'Could not reach ReadAlong. Check your connection and try again.',
    );
  }
}

function urlFor(contract: Contract, input: LooseInput): URL {
  // An absolute URL, because fetch outside a browser (tests) cannot resolve a relative one.
  const url = new URL(API_BASE + fillPath(contract.path, input.params), window.location.origin);
  for (const [key, value] of Object.entries(input.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url;
}

function encodeBody(contract: Contract, body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (contract.multipart) return toFormData(body as Record<string, Blob | Scalar>);
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

function toFormData(body: Record<string, Blob | Scalar>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (value instanceof Blob) form.append(key, value);
    else if (value !== undefined) form.append(key, String(value));
  }
  return form;
}

async function errorFrom(response: Response): Promise<ApiError> {
  const envelope = ErrorEnvelope.safeParse(await response.json().catch(() => null));
  if (!envelope.success) {
    return new ApiError(
      response.status,
      'internal',
      `Something went wrong (HTTP ${response.status}). Please try again.`,
    );
  }
  const { code, message, fields } = envelope.data.error;
  return new ApiError(response.status, code, message, fields);
}

async function parseResponse(contract: Contract, response: Response): Promise<unknown> {
  const parsed = contract.response.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) {
    throw new ApiError(
      response.status,
      'internal',
      'The server sent an answer this app does not understand.',
    );
  }
  return parsed.data;
}

/** The field errors of a failed call for one part of the request, keyed by field name as a form names them. */
export function fieldErrorsOf(
  error: unknown,
  part: 'body' | 'query' | 'params' = 'body',
): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const prefix = `${part}.`;
  return Object.fromEntries(
    Object.entries(error.fields)
      .filter(([path]) => path.startsWith(prefix))
      .map(([path, message]) => [path.slice(prefix.length), message]),
  );
}
