import { z } from 'zod';

/** Every response is `{ code, data, message }`; code 0 is success (DESIGN.md §5). */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), data, message: z.string() });

export const errorEnvelopeSchema = z.object({
  code: z.number().int(),
  data: z.unknown().nullable(),
  message: z.string(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** The `data` of a validation failure: which field, what is wrong. */
export const validationIssueSchema = z.object({ path: z.string(), message: z.string() });
export type ValidationIssue = z.infer<typeof validationIssueSchema>;
