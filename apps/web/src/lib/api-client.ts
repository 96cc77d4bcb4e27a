/**
 * The one way the app talks to the server: `api(operationName, input)`. Method, path and every type come from
 * the contract of that name, so no URL or payload type is written in the app.
 *
 * docs/rules.md B15: the method and path come from the table the build writes from the contracts (build/
 * contract-data.ts), not from the contracts themselves, so a call needs neither zod nor their schemas. Answers are
 * not parsed again here: the server checks each one against its contract before sending it (it serializes through
 * the contract's schema). Only an error answer loads the schemas, to read its envelope (lib/api-contracts).
 *
 * Signed-in behaviour (bearer token, the session-log action of docs/rules.md C5; refresh on expiry, C6) is plugged in by
 * lib/auth-store through `connectAuth`, so this module never imports the store and the two cannot form a cycle.
 * There is no default timeout (docs/rules.md C29).
 */
import {
  fillPath,
  type ApiRoute,
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
import routes from 'virtual:api-routes';
import type { z } from 'zod';

/** Every call goes to {host}/api. */
export const API_BASE = '/api';

/** What the API client needs from the signed-in session; lib/auth-store provides it. */
export interface AuthConnection {
  /** The access token to send, or null while signed out. Waits for the persisted session to load. */
  accessToken(): Promise<string | null>;
  /** Called for every request sent with a token: the session-log action. */
  onAuthenticatedRequest(): void;
  /** Exchanges the refresh token for a new pair; false when that is not possible. */
  refresh(): Promise<boolean>;
  /** The session is over (refresh failed): sign out and tell the user why. `serverText` is the 401's message. */
  onSessionLost(serverText: string): Promise<void>;
}

const signedOut: AuthConnection = {
  accessToken: () => Promise.resolve(null),
  onAuthenticatedRequest: () => undefined,
  refresh: () => Promise.resolve(false),
  onSessionLost: () => Promise.resolve(),
};

let auth: AuthConnection = signedOut;

/** Plugs the signed-in session into every request (lib/auth-store calls this once, on import). */
export function connectAuth(connection: AuthConnection): void {
  auth = connection;
}

/**
 * Calls whose 401 means "these credentials are wrong", not "the access token ran out": refreshing would not help,
 * and for logout it would loop.
 */
const NO_REFRESH_ON_401: ReadonlySet<OperationName> = new Set(['login', 'refresh', 'validate', 'logout']);

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

/**
 * Calls the operation `name` with its typed params, query and body and returns the contract's response.
 * Throws ApiError for an error answer, an unreachable server or an answer outside the contract. A 401 while signed
 * in is met with one token refresh and one retry; when that fails too the session ends (lib/auth-store).
 */
export async function api<N extends OperationName>(
  name: N,
  ...[input]: ApiArgs<Contracts[N]>
): Promise<ContractResponse<Contracts[N]>> {
  return readAnswer(await answerOf(name, input)) as Promise<ContractResponse<Contracts[N]>>;
}

/** A file the server answers (a contract with a `mediaType`), and the name it gives it, to be saved as it is. */
export async function download<N extends OperationName>(
  name: N,
  ...[input]: ApiArgs<Contracts[N]>
): Promise<{ blob: Blob; filename: string | null }> {
  const response = await answerOf(name, input);
  return { blob: await response.blob(), filename: filenameOf(response.headers.get('Content-Disposition')) };
}

/** The successful answer of a call, after one refresh on a 401; an error answer throws ApiError. */
async function answerOf(name: OperationName, input: unknown) {
  const route = routes[name];
  // Past the typed signature, the parts are handled alike whatever the operation.
  const loose = (input ?? {}) as LooseInput;
  let attempt = await send(route, loose);
  if (attempt.response.status === 401 && attempt.hadToken && !NO_REFRESH_ON_401.has(name)) {
    attempt = await retryAfterRefresh(route, loose, attempt);
  }
  if (!attempt.response.ok) throw await errorFrom(attempt.response);
  return attempt.response;
}

/** The file name of `attachment; filename="…"; filename*=UTF-8''…`: the exact UTF-8 one when given. */
function filenameOf(disposition: string | null): string | null {
  const exact = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (exact) return decodeURIComponent(exact);
  return /filename="([^"]*)"/i.exec(disposition ?? '')?.[1] ?? null;
}

interface Attempt {
  response: Response;
  hadToken: boolean;
}

/** One refresh and one retry; if either fails, the session is over and the 401 goes to the caller. */
async function retryAfterRefresh(route: ApiRoute, input: LooseInput, failed: Attempt): Promise<Attempt> {
  const retried = (await auth.refresh()) ? await send(route, input) : failed;
  if (retried.response.status !== 401) return retried;
  const error = await errorFrom(retried.response);
  await auth.onSessionLost(error.message);
  throw error;
}

async function send(route: ApiRoute, input: LooseInput): Promise<Attempt> {
  const headers = new Headers({ Accept: route.mediaType ?? 'application/json' });
  const token = await auth.accessToken();
  if (token) {
    headers.set('Authorization', `Bearer ${token}`);
    auth.onAuthenticatedRequest();
  }
  const body = encodeBody(route, input.body, headers);
  try {
    const response = await fetch(urlFor(route, input), { method: route.method, headers, body });
    return { response, hadToken: Boolean(token) };
  } catch {
    throw new ApiError(
      0,
      'service_unavailable',
      'Could not reach ReadAlong. Check your connection and try again.',
    );
  }
}

function urlFor(route: ApiRoute, input: LooseInput): URL {
  // An absolute URL, because fetch outside a browser (tests) cannot resolve a relative one.
  const url = new URL(API_BASE + fillPath(route.path, input.params), window.location.origin);
  for (const [key, value] of Object.entries(input.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url;
}

function encodeBody(route: ApiRoute, body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (route.multipart) return toFormData(body as Record<string, Blob | Scalar>);
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

/** Text fields first, files last: the server reads the fields before a file arrives (a retried take's id). */
function toFormData(body: Record<string, Blob | Scalar>): FormData {
  const form = new FormData();
  const entries = Object.entries(body);
  for (const [key, value] of entries) {
    if (value !== undefined && !(value instanceof Blob)) form.append(key, String(value));
  }
  for (const [key, value] of entries) if (value instanceof Blob) form.append(key, value);
  return form;
}

/** An error answer's message and field errors, read through the contracts' envelope (loaded for it). */
async function errorFrom(response: Response): Promise<ApiError> {
  const [body, { ErrorEnvelope }] = await Promise.all([
    response.json().catch(() => null) as Promise<unknown>,
    import('./api-contracts'),
  ]);
  const envelope = ErrorEnvelope.safeParse(body);
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

/** A successful answer's JSON, as the server checked it against the contract (B15). */
async function readAnswer(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    throw new ApiError(
      response.status,
      'internal',
      'The server sent an answer this app does not understand.',
    );
  }
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
