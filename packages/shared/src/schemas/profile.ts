import { z } from 'zod';
import { profileNameSchema } from './auth.js';

export const verificationDetailSchema = z.object({
  verificationList: z.array(z.object({ type: z.string(), subType: z.string().nullable().optional() })),
});

/** GET {webWallet}/profile */
export const profileSchema = z.object({
  id: z.string(),
  mobile: z.string(),
  profileDetails: z.object({ name: z.string() }),
  agentId: z.string().nullable(),
  /** Keyed by lowercase category name (spec §3 "Profile"). */
  verificationDetailList: z.record(z.string(), verificationDetailSchema),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** PATCH {webWallet}/profile */
export const updateProfileRequestSchema = z
  .object({ name: profileNameSchema })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update' });
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;
