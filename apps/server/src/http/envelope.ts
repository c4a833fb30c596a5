import { envelopeSchema, errorEnvelopeSchema } from '@veridocs/shared';
import type { z } from 'zod';

/** A success envelope: code 0 (DESIGN.md §5). */
export function ok<T>(data: T, message = 'Success'): { code: 0; data: T; message: string } {
  return { code: 0, data, message };
}

/** Route response schemas: the success envelope of `data`, and the error envelope for the rest. */
export function responses<T extends z.ZodType>(data: T) {
  return {
    200: envelopeSchema(data),
    '4xx': errorEnvelopeSchema,
    '5xx': errorEnvelopeSchema,
  } as const;
}
