/**
 * An endpoint as data. The server registers every contract (validation and serialization from these schemas),
 * the web client calls them by name, and the OpenAPI document is generated from them: no URL or payload is
 * written twice.
 */
import type { z } from 'zod';
import { ROLES, STAFF_ROLES } from './domain.js';
import type { Role } from './domain-schemas.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call: `public` needs no session; otherwise the roles that may ever call it (others get 403). */
export type Access = 'public' | readonly Role[];
export const ANY_ROLE = ROLES;
export const STAFF = STAFF_ROLES;
export const STUDENT = ['student'] as const satisfies readonly Role[];

/** A multipart (form-data) body: its text fields are validated by `fields`; `files` names the file fields. */
export interface MultipartBody<F extends z.ZodObject = z.ZodObject> {
  fields: F;
  files: readonly { name: string; required: boolean; description: string }[];
}

export interface Contract {
  /** Operation name: how the client calls it and the OpenAPI operationId. */
  readonly name: string;
  readonly method: HttpMethod;
  /** Path under /api, spelled as the customer's API spells it, with `{param}` placeholders. */
  readonly path: string;
  readonly summary: string;
  readonly access: Access;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  readonly multipart?: MultipartBody;
  readonly response: z.ZodType;
  /** A file answer's media type (its response is then the file's text); JSON when left out. */
  readonly mediaType?: 'text/csv';
  /** Defaults to 200. */
  readonly status?: 200 | 201 | 202;
}

/** What a client needs of a contract to call it: its method and path, whether it sends a form or answers a file. */
export interface ApiRoute {
  readonly method: HttpMethod;
  readonly path: string;
  readonly multipart?: true;
  readonly mediaType?: Contract['mediaType'];
}

export function defineContract<const C extends Contract>(contract: C): C {
  return contract;
}

export type Params<C extends Contract> = C['params'] extends z.ZodType ? z.infer<C['params']> : undefined;
export type Query<C extends Contract> = C['query'] extends z.ZodType ? z.input<C['query']> : undefined;
export type Body<C extends Contract> = C['body'] extends z.ZodType ? z.input<C['body']> : undefined;
export type Response<C extends Contract> = z.output<C['response']>;

/** Fastify-style path: `/v1/students/{id}/reset` → `/v1/students/:id/reset`. */
export function routePath(contract: Pick<Contract, 'path'>): string {
  return contract.path.replace(/\{(\w+)\}/g, ':$1');
}

/** Fills `{param}` placeholders with URL-encoded values. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`missing path parameter ${key} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

export function canCall(access: Access, role: Role | null): boolean {
  if (access === 'public') return true;
  return role !== null && access.includes(role);
}
