import { envelopeSchema, errorEnvelopeSchema } from '@veridocs/shared';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { keepCompressed, sendKept } from './compression.js';

/** A success envelope: code 0 (DESIGN.md §5). */
export function ok<T>(data: T, message = 'Success'): { code: 0; data: T; message: string } {
  return { code: 0, data, message };
}

/**
 * The success envelope around data already checked against its schema and serialised, as bytes: hot
 * reads keep it per cached row (ADR 0005) and send it as it is (Fastify does not re-serialise a Buffer).
 */
export function encodedOk(json: string): Buffer {
  return Buffer.from(`{"code":0,"data":${json},"message":"Success"}`, 'utf8');
}

/** Encoded envelopes (`encodedOk`) kept per object, each until its `validUntil`. */
export interface EncodedEnvelopes<K extends object> {
  /** The kept envelope of `key` if it is still valid at `at` (ms; only entries kept with a `validUntil` need it). */
  get(key: K, at?: number): Buffer | undefined;
  /** Encodes `json` (data already checked against its schema), keeps it for `key` and returns it. */
  set(key: K, json: string, validUntil?: number): Buffer;
}

/**
 * The hot reads' memo (ADR 0005): the envelope bytes per cached row object. A write replaces the row
 * object, so its entry goes with it (weakly held); `validUntil` (ms, for ever by default) covers what
 * changes with time alone, such as a form's expiry.
 */
export function encodedEnvelopes<K extends object>(): EncodedEnvelopes<K> {
  const kept = new WeakMap<K, { body: Buffer; validUntil: number }>();
  return {
    get(key, at = 0) {
      const hit = kept.get(key);
      return hit && at < hit.validUntil ? hit.body : undefined;
    },
    set(key, json, validUntil = Infinity) {
      const body = keepCompressed(encodedOk(json));
      kept.set(key, { body, validUntil });
      return body;
    },
  };
}

/**
 * Sends an encoded envelope as it is (Fastify does not re-serialise a Buffer with a JSON content type),
 * compressed from the memo when the client accepts it: its route opts out of the plugin
 * (`KEPT_BODY_ROUTE`).
 */
export function sendEncoded(reply: FastifyReply, body: Buffer): FastifyReply {
  return sendKept(reply, body);
}

/**
 * Sends the body once it is ready, and ends when the response has: the reply is a thenable that Fastify
 * waits on. A handler's promise that ended at `send` instead (undefined) would have Fastify send again
 * while a compression stream is still writing, and the client would get an empty body.
 */
export async function sendEncodedWhenReady(reply: FastifyReply, body: Promise<Buffer>): Promise<void> {
  await sendEncoded(reply, await body);
}

/** Route response schemas: the success envelope of `data`, and the error envelope for the rest. */
export function responses<T extends z.ZodType>(data: T) {
  return {
    200: envelopeSchema(data),
    '4xx': errorEnvelopeSchema,
    '5xx': errorEnvelopeSchema,
  } as const;
}

/** Bytes in the document (a file, a PDF, an image): what `format: binary` means to generators. */
export const binarySchema = z.string().meta({ format: 'binary' });

/** A file field of a multipart body, described for the document (issue 30). */
export const fileFieldSchema = (description: string) => z.string().meta({ format: 'binary', description });

/**
 * Route response schemas of an answer that is not the JSON envelope (a file, a PDF, a DID document):
 * its media types and what each holds, and the error envelope for the rest. Buffers, streams and
 * strings are sent as they are (Fastify serialises only objects), so the schema is for the document.
 */
export function contentResponses(description: string, content: Record<string, z.ZodType>) {
  return {
    200: {
      description,
      content: Object.fromEntries(Object.entries(content).map(([type, schema]) => [type, { schema }])),
    },
    '4xx': errorEnvelopeSchema,
    '5xx': errorEnvelopeSchema,
  } as const;
}

/** A multipart body in the document: the file field "file" and the text fields beside it. */
export function multipartBody<T extends z.ZodRawShape>(fileDescription: string, fields?: T) {
  return z.object({ file: fileFieldSchema(fileDescription), ...(fields ?? ({} as T)) });
}

/** A stored file's bytes (ADR 0009): a PDF, a JPEG or a PNG, by what was uploaded. */
export const fileContentResponses = () =>
  contentResponses('The bytes, as uploaded', {
    'application/pdf': binarySchema,
    'image/jpeg': binarySchema,
    'image/png': binarySchema,
  });

/** A server-sent event stream (text/event-stream): `event:` and `data:` lines, and heartbeat comments. */
export const eventStreamResponses = (events: string) =>
  contentResponses('The event stream, open until the server ends it', {
    'text/event-stream': z.string().meta({ description: events }),
  });
