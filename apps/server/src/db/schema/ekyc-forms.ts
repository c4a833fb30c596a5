import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { organisations } from './organisations.js';

/** One verification a form requests (its order is the form's display order). */
export interface FormVerification {
  name: string;
  skipAllowed: boolean;
  marksheetRequired: boolean;
  subType: string | null;
}

/** A price of one verification (spec §3 "Transaction info" priceList). */
export interface FormPrice {
  verificationName: string;
  mrp: number;
  price: { primary: number };
  discount: { primary: number; secondary: number };
}

export const ekycForms = pgTable(
  'ekyc_forms',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    /** Unix seconds; -1 means the form never expires (spec §3). */
    expiry: bigint('expiry', { mode: 'number' }).notNull().default(-1),
    verifications: jsonb('verifications').$type<FormVerification[]>().notNull().default([]),
    manualProfileRequired: boolean('manual_profile_required').notNull().default(false),
    basicDetailsRequired: boolean('basic_details_required').notNull().default(false),
    paymentRequired: boolean('payment_required').notNull().default(false),
    userPaymentRequired: boolean('user_payment_required').notNull().default(false),
    expressAllowed: boolean('express_allowed').notNull().default(false),
    priceList: jsonb('price_list').$type<FormPrice[]>().notNull().default([]),
    discountPercentage: doublePrecision('discount_percentage').notNull().default(0),
    questionnaireRequired: boolean('questionnaire_required').notNull().default(false),
    /** Step 3 (spec §1): the evaluation partner's reference number, proved by e-mail OTP, before submit. */
    evaluationPartnerRequired: boolean('evaluation_partner_required').notNull().default(false),
    /** Working days (Monday to Friday) from submission to the expected completion date. */
    expectedWorkingDays: integer('expected_working_days').notNull().default(7),
    /** Prices, discounts and express fee (FormPaymentConfig, checked on read); null: no prices set. */
    paymentConfig: jsonb('payment_config').$type<unknown>(),
    /**
     * Who pays (issue 28, ADR 0047): the candidate at /payment, or the organisation from its credits or
     * its monthly invoice (the candidate then sees no payment step).
     */
    payer: text('payer').$type<'candidate' | 'organisation'>().notNull().default('candidate'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last change through the console's admin screens; the dev seed leaves such a form as edited. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [index('ekyc_forms_org_idx').on(t.orgId)],
);
