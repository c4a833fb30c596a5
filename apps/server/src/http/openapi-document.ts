import type { FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { z } from 'zod';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * A request body for the document only (issue 30): multipart and tus bodies are read by their
     * own parsers, not Fastify's, so they must not be validated as JSON, but a generated client still
     * needs their fields.
     */
    documentedBody?: z.ZodType;
  }
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

type Schema = Record<string, unknown>;
interface Operation {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
}
export interface OpenApiDocument {
  openapi: string;
  servers?: { url: string; description?: string }[];
  paths?: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
  [key: string]: unknown;
}

/** jsonSchemaTransform, with a route's `documentedBody` shown as its request body. */
export const routeTransform: typeof jsonSchemaTransform = (input) => {
  const schema = input.schema as FastifySchema | undefined;
  if (!schema?.documentedBody) return jsonSchemaTransform(input);
  const { documentedBody, ...rest } = schema;
  return jsonSchemaTransform({ ...input, schema: { ...rest, body: documentedBody } });
};

const pascal = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The operationId of a route that names none: its method and path, e.g. `GET /api/ops/cases/{txnId}`
 * → `getOpsCasesByTxnId`. Derived from the path alone so it stays what it is while the path does.
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '/')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      if (param) return [`By${pascal(param[1]!)}`];
      return segment
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map(pascal);
    });
  return method.toLowerCase() + words.join('');
}

/**
 * Schemas as every tool reads them. `anyOf` with an empty branch matches anything: zod writes
 * `unknown().nullable()` that way, and lint tools call it illogical. It is the schema `{}`.
 */
function simplify(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(simplify);
  if (value === null || typeof value !== 'object') return value;
  const schema = value as Schema;
  const anyOf = schema.anyOf;
  if (Array.isArray(anyOf) && anyOf.some((s) => s && typeof s === 'object' && Object.keys(s).length === 0)) {
    const { anyOf: _dropped, ...rest } = schema;
    return simplify(rest);
  }
  // A record keyed by an enum (zod: propertyNames + required, no properties): the same, with each key
  // named, so tools that read `properties` (generators, lint) see the fields.
  const names = (schema.propertyNames as Schema | undefined)?.enum;
  if (Array.isArray(names) && Array.isArray(schema.required) && !schema.properties) {
    const value = schema.additionalProperties;
    const properties = Object.fromEntries(
      names.map((name) => [String(name), value === undefined ? {} : value]),
    );
    return simplify({ ...schema, properties });
  }
  return Object.fromEntries(Object.entries(schema).map(([key, child]) => [key, simplify(child)]));
}

/**
 * The document as integrators get it (issue 30 §1): the server it lives on, an operationId on every
 * operation (unique), public operations saying `security: []`, and no schema that matches anything by
 * accident. Runs once, when the document is built.
 */
export function finishDocument(document: OpenApiDocument, publicUrl: string): OpenApiDocument {
  const finished = simplify(document) as OpenApiDocument;
  finished.servers = [{ url: publicUrl, description: 'This Veridocs server (PUBLIC_URL)' }];
  const seen = new Map<string, string>();
  for (const [path, operations] of Object.entries(finished.paths ?? {})) {
    for (const method of METHODS) {
      const operation = operations[method];
      if (!operation) continue;
      operation.operationId ??= operationIdOf(method, path);
      operation.security ??= [];
      const where = `${method.toUpperCase()} ${path}`;
      const other = seen.get(operation.operationId);
      if (other) throw new Error(`operationId ${operation.operationId} of ${where} is also ${other}'s`);
      seen.set(operation.operationId, where);
    }
  }
  return finished;
}
