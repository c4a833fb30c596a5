import { createHash } from 'node:crypto';
import { and, eq, gte, isNull, lt, ne, notExists, or, sql } from 'drizzle-orm';
import { DEFAULT_PARTNER_ORG_ID } from '@veridocs/shared';
import type { Orm } from './client.js';
import {
  ekycForms,
  orgAudit,
  organisations,
  prestartQuestions,
  referenceOptions,
  transactions,
  verificationConfigs,
  type FormPrice,
  type FormVerification,
} from './schema/index.js';
import { excluded } from './sql.js';
import { BOARDS, INSTITUTES } from './seed-data/reference-data.js';
import { DEMO_VERIFICATION_CONFIGS } from './seed-data/verification-configs.js';

/** Fixed ids of the demo data, so links printed once keep working. */
export const DEMO = {
  orgId: 'demo-university',
  orgName: 'Demo University',
  formId: 'demo-form',
  formName: 'Demo verification form',
  expiredFormId: 'demo-expired-form',
  expiredFormName: 'Demo verification form (expired)',
  /** The demo form that asks for basic and contact details (/basic-details, /contact-details). */
  profileFormId: 'demo-profile-form',
  profileFormName: 'Demo verification form with basic details',
  /** The demo form that asks for the evaluation partner's reference before submit (step 3). */
  evaluationFormId: 'demo-evaluation-form',
  evaluationFormName: 'Demo verification form for an evaluation partner',
  /** The paid demo form (issue 13): priced verifications, a discount on additional degrees, express. */
  paidFormId: 'demo-paid-form',
  paidFormName: 'Demo verification form with payment',
  /** Served by the assets router; relative so it works behind any host name. */
  logoPath: '/api/assets/demo-logo.svg',
} as const;

const YEAR_SECONDS = 365 * 24 * 60 * 60;
const DAY_SECONDS = 24 * 60 * 60;
const DEMO_DISCOUNT_PERCENT = 10;

/** The demo form asks for every type; degree and Aadhaar cannot be skipped. */
const DEMO_VERIFICATIONS: FormVerification[] = [
  { name: 'bgv-degree', skipAllowed: false, marksheetRequired: true, subType: null },
  { name: 'bgv-twelfth', skipAllowed: true, marksheetRequired: false, subType: null },
  { name: 'bgv-tenth', skipAllowed: true, marksheetRequired: false, subType: null },
  { name: 'aadhaar', skipAllowed: false, marksheetRequired: false, subType: null },
  { name: 'passport', skipAllowed: true, marksheetRequired: false, subType: null },
  { name: 'dl', skipAllowed: true, marksheetRequired: false, subType: null },
  { name: 'employment-check', skipAllowed: true, marksheetRequired: false, subType: null },
  { name: 'bgv-employment', skipAllowed: true, marksheetRequired: false, subType: null },
  { name: 'bgv-address', skipAllowed: true, marksheetRequired: false, subType: null },
  { name: 'bgv-ews', skipAllowed: true, marksheetRequired: false, subType: null },
];

/** MRPs in INR. */
const DEMO_MRP: Record<string, number> = {
  'bgv-degree': 999,
  'bgv-twelfth': 599,
  'bgv-tenth': 599,
  aadhaar: 99,
  passport: 199,
  dl: 149,
  'employment-check': 499,
  'bgv-employment': 799,
  'bgv-address': 399,
  'bgv-ews': 299,
};

const priceList = (percent: number): FormPrice[] =>
  Object.entries(DEMO_MRP).map(([verificationName, mrp]) => {
    const primary = Math.round(mrp * (1 - percent / 100));
    return { verificationName, mrp, price: { primary }, discount: { primary: mrp - primary, secondary: 0 } };
  });

const DEMO_FORM_SETTINGS = {
  verifications: DEMO_VERIFICATIONS,
  priceList: priceList(DEMO_DISCOUNT_PERCENT),
  discountPercentage: DEMO_DISCOUNT_PERCENT,
  questionnaireRequired: true,
  // Payments come with the payments issue; until then the demo form is free to submit.
  paymentRequired: false,
  userPaymentRequired: false,
  expressAllowed: false,
  manualProfileRequired: false,
  basicDetailsRequired: false,
  expectedWorkingDays: 7,
};

/** The paid demo form asks for a few priced verifications; only the degree cannot be skipped. */
const PAID_VERIFICATIONS: FormVerification[] = [
  { name: 'bgv-degree', skipAllowed: false, marksheetRequired: false, subType: null },
  { name: 'bgv-twelfth', skipAllowed: true, marksheetRequired: false, subType: null },
  { name: 'bgv-tenth', skipAllowed: true, marksheetRequired: false, subType: null },
  { name: 'passport', skipAllowed: true, marksheetRequired: false, subType: null },
  { name: 'bgv-employment', skipAllowed: true, marksheetRequired: false, subType: null },
];

/**
 * Its prices (FormPaymentConfig, smallest units: paise and cents): 20% off the second and later degree,
 * a dearer degree from IIT Bombay, 10% off a cart of ₹2,000 / $60 or more, fast-track ₹6,600 / $80.
 */
export const DEMO_PAID_CONFIG = {
  prices: [
    {
      verificationName: 'bgv-degree',
      INR: { mrp: 149_900, price: 99_900 },
      USD: { mrp: 4_900, price: 3_500 },
      additionalDiscountPercent: 20,
      byInstitute: {
        'indian-institute-of-technology-bombay': {
          INR: { mrp: 199_900, price: 149_900 },
          USD: { mrp: 5_900, price: 4_500 },
        },
      },
    },
    {
      verificationName: 'bgv-twelfth',
      INR: { mrp: 79_900, price: 59_900 },
      USD: { mrp: 2_500, price: 1_900 },
      additionalDiscountPercent: 0,
    },
    {
      verificationName: 'bgv-tenth',
      INR: { mrp: 79_900, price: 59_900 },
      USD: { mrp: 2_500, price: 1_900 },
      additionalDiscountPercent: 0,
    },
    {
      verificationName: 'passport',
      INR: { mrp: 29_900, price: 19_900 },
      USD: { mrp: 1_500, price: 1_000 },
      additionalDiscountPercent: 0,
    },
    {
      verificationName: 'bgv-employment',
      INR: { mrp: 99_900, price: 79_900 },
      USD: { mrp: 3_500, price: 2_900 },
      additionalDiscountPercent: 0,
    },
  ],
  express: { INR: 660_000, USD: 8_000 },
  cartDiscount: { percentage: 10, minAmount: { INR: 200_000, USD: 6_000 } },
  gstPercent: 18,
  disclaimer: 'Fees are not refunded once the verification has started.',
};

export const DEMO_QUESTIONS = [
  {
    id: 'demo-q-purpose',
    question: 'Purpose of verification',
    options: [
      { name: 'Employment', value: 'EMPLOYMENT' },
      { name: 'Higher education', value: 'HIGHER_EDUCATION' },
      { name: 'Visa or immigration', value: 'VISA' },
      { name: 'Other', value: 'OTHER' },
    ],
  },
  {
    id: 'demo-q-source',
    question: 'How did you hear about us?',
    options: [
      { name: 'My employer', value: 'EMPLOYER' },
      { name: 'My university', value: 'UNIVERSITY' },
      { name: 'Search or social media', value: 'ONLINE' },
      { name: 'A friend', value: 'FRIEND' },
    ],
  },
] as const;

/**
 * The rows every installation needs (default organisation, verification configs, reference lists),
 * and the demo data when `demo` (dev tools on).
 * Idempotent: unique keys plus ON CONFLICT, so restarts and instances starting together are safe.
 * The demo form gets a year of life; an expired one is renewed on the next start. The expired demo
 * form expired a month before its first seeding and is never renewed.
 */
export async function seed(orm: Orm, now: Date, { demo }: { demo: boolean }): Promise<void> {
  await orm
    .insert(organisations)
    .values([{ id: DEFAULT_PARTNER_ORG_ID, name: 'Veridocs' }])
    .onConflictDoNothing({ target: organisations.id });

  await orm
    .insert(verificationConfigs)
    .values(DEMO_VERIFICATION_CONFIGS.map((config) => ({ name: config.name, config })))
    .onConflictDoUpdate({ target: verificationConfigs.name, set: { config: excluded('config') } });

  await seedReferenceLists(orm);

  // A public demo form anyone can start journeys on has no place in production (issue 9 §4); one an
  // earlier run with dev tools seeded is retired.
  if (demo) await seedDemo(orm, now);
  else await retireDemo(orm, now);
}

const REFERENCE_ROWS = [
  ...INSTITUTES.map((i) => ({ kind: 'institute' as const, ...i })),
  ...BOARDS.map((b) => ({ kind: 'board' as const, ...b })),
];

/** One line per row, in kind then value order (byte order, as `collate "C"` sorts): what the digest covers. */
const referenceLine = (r: {
  kind: string;
  value: string;
  name: string;
  state: string | null;
  city: string | null;
}) => [r.kind, r.value, r.name, r.state ?? '', r.city ?? ''].join('\u001f');
let referenceDigest: string | undefined;
/** The md5 of the lists the code holds (computed once per process). */
export function referenceListsDigest(): string {
  referenceDigest ??= createHash('md5')
    .update(
      REFERENCE_ROWS.map((r) => ({ key: `${r.kind}\u0000${r.value}`, line: referenceLine(r) }))
        .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
        .map((r) => r.line)
        .join('\n'),
    )
    .digest('hex');
  return referenceDigest;
}

/**
 * The md5 of the table's rows, computed as `referenceListsDigest` computes the code's: equal when the
 * table holds exactly the code's lists. (A value removed from the lists would keep them unequal, and
 * every start would upsert again: values are never removed, see seed-data/reference/README.md.)
 */
export async function referenceTableDigest(orm: Orm): Promise<string | null> {
  const [table] = await orm
    .select({
      digest: sql<
        string | null
      >`md5(string_agg(concat_ws(chr(31), ${referenceOptions.kind}, ${referenceOptions.value},
        ${referenceOptions.name}, coalesce(${referenceOptions.state}, ''), coalesce(${referenceOptions.city}, '')), chr(10)
        order by ${referenceOptions.kind} collate "C", ${referenceOptions.value} collate "C"))`,
    })
    .from(referenceOptions);
  return table?.digest ?? null;
}

/**
 * The institute and board lists (~14,000 rows). The table's digest is compared with the code's first,
 * so a start with the lists unchanged reads one aggregate and writes nothing; otherwise the rows are
 * upserted in chunks (a statement's parameters are limited), a row already equal left unwritten, and
 * none is ever deleted (saved verification data holds the values).
 */
export async function seedReferenceLists(orm: Orm): Promise<void> {
  if ((await referenceTableDigest(orm)) === referenceListsDigest()) return;
  for (let i = 0; i < REFERENCE_ROWS.length; i += 1000) {
    await orm
      .insert(referenceOptions)
      .values(REFERENCE_ROWS.slice(i, i + 1000))
      .onConflictDoUpdate({
        target: [referenceOptions.kind, referenceOptions.value],
        set: { name: excluded('name'), state: excluded('state'), city: excluded('city') },
        setWhere: sql`(${referenceOptions.name}, ${referenceOptions.state}, ${referenceOptions.city}) is distinct from (excluded.name, excluded.state, excluded.city)`,
      });
  }
}

/**
 * Dev tools off: the demo rows an earlier run with dev tools left behind go. Demo forms no transaction
 * refers to are deleted (their questions with them), then the demo organisation once nothing refers to
 * it; a form that journeys were started on is kept for them but expired, so no one can start another.
 */
async function retireDemo(orm: Orm, now: Date): Promise<void> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  await orm.delete(ekycForms).where(
    and(
      eq(ekycForms.orgId, DEMO.orgId),
      notExists(
        orm
          .select({ one: sql`1` })
          .from(transactions)
          .where(eq(transactions.formId, ekycForms.id)),
      ),
    ),
  );
  await orm
    .update(ekycForms)
    .set({ expiry: nowSeconds - 1 })
    .where(
      and(eq(ekycForms.orgId, DEMO.orgId), or(eq(ekycForms.expiry, -1), gte(ekycForms.expiry, nowSeconds))),
    );
  await orm.delete(organisations).where(
    and(
      eq(organisations.id, DEMO.orgId),
      notExists(
        orm
          .select({ one: sql`1` })
          .from(ekycForms)
          .where(eq(ekycForms.orgId, organisations.id)),
      ),
      notExists(
        orm
          .select({ one: sql`1` })
          .from(transactions)
          .where(eq(transactions.orgId, organisations.id)),
      ),
      // Its access log is kept (ADR 0049): a trigger refuses the cascade, so an organisation with one stays.
      notExists(
        orm
          .select({ one: sql`1` })
          .from(orgAudit)
          .where(eq(orgAudit.orgId, organisations.id)),
      ),
    ),
  );
}

/** The demo organisation, its form (every type) and its expired twin; only with dev tools on. */
async function seedDemo(orm: Orm, now: Date): Promise<void> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  await orm
    .insert(organisations)
    .values([{ id: DEMO.orgId, name: DEMO.orgName, imageUrl: DEMO.logoPath }])
    .onConflictDoNothing({ target: organisations.id });

  // The settings follow the code on every start, unless an admin edited the form in the console; the
  // expiry is kept unless it has passed.
  const settingsUpdate = {
    verifications: excluded('verifications'),
    priceList: excluded('price_list'),
    discountPercentage: excluded('discount_percentage'),
    questionnaireRequired: excluded('questionnaire_required'),
    paymentRequired: excluded('payment_required'),
    userPaymentRequired: excluded('user_payment_required'),
    expressAllowed: excluded('express_allowed'),
    manualProfileRequired: excluded('manual_profile_required'),
    basicDetailsRequired: excluded('basic_details_required'),
    evaluationPartnerRequired: excluded('evaluation_partner_required'),
    expectedWorkingDays: excluded('expected_working_days'),
    paymentConfig: excluded('payment_config'),
  };
  await orm
    .insert(ekycForms)
    .values([
      {
        id: DEMO.formId,
        orgId: DEMO.orgId,
        name: DEMO.formName,
        expiry: nowSeconds + YEAR_SECONDS,
        ...DEMO_FORM_SETTINGS,
      },
      {
        id: DEMO.expiredFormId,
        orgId: DEMO.orgId,
        name: DEMO.expiredFormName,
        expiry: nowSeconds - 30 * DAY_SECONDS,
        ...DEMO_FORM_SETTINGS,
      },
      {
        id: DEMO.profileFormId,
        orgId: DEMO.orgId,
        name: DEMO.profileFormName,
        expiry: -1,
        ...DEMO_FORM_SETTINGS,
        questionnaireRequired: false,
        basicDetailsRequired: true,
      },
      {
        id: DEMO.evaluationFormId,
        orgId: DEMO.orgId,
        name: DEMO.evaluationFormName,
        expiry: -1,
        ...DEMO_FORM_SETTINGS,
        questionnaireRequired: false,
        evaluationPartnerRequired: true,
      },
      {
        id: DEMO.paidFormId,
        orgId: DEMO.orgId,
        name: DEMO.paidFormName,
        expiry: -1,
        ...DEMO_FORM_SETTINGS,
        verifications: PAID_VERIFICATIONS,
        questionnaireRequired: false,
        paymentRequired: true,
        userPaymentRequired: true,
        expressAllowed: true,
        paymentConfig: DEMO_PAID_CONFIG,
      },
    ])
    .onConflictDoUpdate({ target: ekycForms.id, set: settingsUpdate, setWhere: isNull(ekycForms.editedAt) });
  await orm
    .update(ekycForms)
    .set({ expiry: nowSeconds + YEAR_SECONDS })
    .where(
      and(
        eq(ekycForms.id, DEMO.formId),
        ne(ekycForms.expiry, -1),
        lt(ekycForms.expiry, nowSeconds),
        isNull(ekycForms.editedAt),
      ),
    );

  await orm
    .insert(prestartQuestions)
    .values(
      [DEMO.formId, DEMO.expiredFormId].flatMap((formId) =>
        DEMO_QUESTIONS.map((q, position) => ({
          id: formId === DEMO.formId ? q.id : `${q.id}-expired`,
          formId,
          position,
          question: q.question,
          options: [...q.options],
          required: true,
        })),
      ),
    )
    .onConflictDoUpdate({
      target: prestartQuestions.id,
      set: { question: excluded('question'), options: excluded('options'), position: excluded('position') },
      // An admin's questions stay as they wrote them.
      setWhere: sql`not exists (select 1 from ${ekycForms} where ${ekycForms.id} = ${prestartQuestions.formId} and ${ekycForms.editedAt} is not null)`,
    });
}
