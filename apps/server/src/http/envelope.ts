import { envelopeSchema, errorEnvelopeSchema } from '@veridocs/shared';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { keepCompressed } from './compression.js';

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

/** Sends an encoded envelope as it is: Fastify does not re-serialise a Buffer with a JSON content type. */
export function sendEncoded(reply: FastifyReply, body: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}

/** Route response schemas: the success envelope of `data`, and the error envelope for the rest. */
export function responses<T extends z.ZodType>(data: T) {
  return {
    200: envelopeSchema(data),
    '4xx': errorEnvelopeSchema,
    '5xx': errorEnvelopeSchema,
  } as const;
}
