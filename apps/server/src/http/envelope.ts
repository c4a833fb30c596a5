import { envelopeSchema, errorEnvelopeSchema } from '@veridocs/shared';
import type { z } from 'zod';

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

/** Route response schemas: the success envelope of `data`, and the error envelope for the rest. */
export function responses<T extends z.ZodType>(data: T) {
  return {
    200: envelopeSchema(data),
    '4xx': errorEnvelopeSchema,
    '5xx': errorEnvelopeSchema,
  } as const;
}
