/**
 * The served calls as the OpenAPI document at /api/docs/json describes them, with each call's `access` list and
 * form fields from its contract: what the fuzz test and the authorization matrix are generated from, so a new
 * call is covered the day it is served.
 */
import { contracts, type Access, type Contract } from '@readalong/contracts';
import type { TestApp } from './app.js';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
};

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  name: string;
  method: string;
  /** As the document spells it: `/api/v1/students/{id}/reset`. */
  path: string;
  access: Access;
  parameters: Parameter[];
  body: JsonSchema | undefined;
  /** Multipart calls: their form, from the contract (the document does not describe form bodies). */
  multipart: Contract['multipart'];
}

interface Document {
  paths: Record<
    string,
    Record<
      string,
      {
        operationId?: string;
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
}

export async function servedOperations(t: TestApp): Promise<Operation[]> {
  const document = (await t.request({ method: 'GET', url: '/api/docs/json' })).json<Document>();
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      // The one served route without a contract is the signed file link (/api/files/...): public, no id.
      const contract = (contracts as Record<string, Contract | undefined>)[operation.operationId ?? ''];
      return {
        name: operation.operationId ?? `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        access: contract?.access ?? 'public',
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content['application/json']?.schema,
        multipart: contract?.multipart,
      };
    }),
  );
}

/** A lone surrogate cannot be URL-encoded: it becomes U+FFFD, as a browser would send it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** `/api/x/{id}` (or `/api/files/{*}`) with its path parameters filled in. */
export function urlOf(operation: Operation, params: Record<string, unknown>): string {
  return operation.path.replace(/\{(\w+|\*)\}/g, (_, key: string) =>
    encodeURIComponent(String(params[key]).replace(LONE_SURROGATE, '\ufffd')),
  );
}
