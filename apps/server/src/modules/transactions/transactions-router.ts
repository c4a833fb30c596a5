import {
  insufficiencyAnswerRequestSchema,
  API_PATHS,
  MAX_INSTANCES,
  addInstanceRequestSchema,
  addInstanceResponseSchema,
  deleteVerificationQuerySchema,
  candidateTransactionListSchema,
  candidateTransactionsQuerySchema,
  createTransactionRequestSchema,
  createTransactionResponseSchema,
  markAsSkipRequestSchema,
  preStartQuestionListSchema,
  purposesQuerySchema,
  saveVerificationDataRequestSchema,
  transactionHistoryListSchema,
  transactionHistoryQuerySchema,
  transactionInfoSchema,
  transactionQuerySchema,
  transactionRefSchema,
  userResponseRequestSchema,
  verificationInfoSchema,
} from '@veridocs/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/auth-guard.js';
import { KEPT_BODY_ROUTE } from '../../http/compression.js';
import { ok, responses, sendEncoded, sendEncodedWhenReady } from '../../http/envelope.js';
import { requestLanguage } from '../../http/language.js';
import type { TransactionsService } from './transactions-service.js';

const security = [{ partnerOrg: [], bearer: [] }];
const tags = ['transactions'];
const paths = API_PATHS.verification;

/** What PUT and POST /bgv accept (ADR 0006 "Saved data", ADR 0009 "Files in saved data"). */
const SAVED_DATA_RULES =
  "`data` holds only the fields of the verification's config, each by its input type (options, dates, " +
  'lengths); file fields hold `{ fileId }` items of your own uploads (a sent verdict is ignored); ' +
  'searchable lists an id of their list or `{ manual: true, name }`; the name fields come from the ' +
  'profile. A refusal is code 100 with `[{ path: "data.<field>", message }]` and changes nothing.';

/** The candidate's verification journey, under SERVICE_BASES.verificationV1 (all need the bearer token). */
export const transactionsRouter: FastifyPluginAsyncZod<{
  transactions: TransactionsService;
}> = async (app, { transactions: service }) => {
  const me = (request: Parameters<typeof currentUser>[0]) => currentUser(request).profileId;

  app.post(
    paths.transactions,
    {
      schema: {
        tags,
        summary: "The candidate's transaction on a form (created once; an existing one is returned)",
        security,
        body: createTransactionRequestSchema,
        response: responses(createTransactionResponseSchema),
      },
    },
    async (request) => ok(await service.create(me(request), request.body)),
  );

  app.post(
    paths.process,
    {
      schema: {
        tags,
        summary: 'Start: NOT_INITIALIZED → DATA_SAVED (idempotent once started)',
        security,
        body: transactionRefSchema,
        response: responses(transactionInfoSchema),
      },
    },
    async (request) => ok(await service.process(me(request), request.body)),
  );

  app.get(
    paths.info,
    {
      ...KEPT_BODY_ROUTE,
      schema: {
        tags,
        summary: 'Transaction info',
        security,
        querystring: transactionQuerySchema,
        response: responses(transactionInfoSchema),
      },
    },
    // The hot read (ADR 0005): the service hands back the envelope, its data already checked
    // against transactionInfoSchema, serialised and encoded once per change of the transaction; from
    // memory without a promise when it can.
    (request, reply) => {
      const profileId = me(request);
      const kept = service.infoEncodedFromMemory(profileId, request.query);
      if (kept) {
        sendEncoded(reply, kept);
        return;
      }
      // Ends with the response, not at send (envelope.ts).
      return sendEncodedWhenReady(reply, service.infoEncoded(profileId, request.query));
    },
  );

  app.get(
    paths.candidateTransactions,
    {
      schema: {
        tags,
        summary: "The candidate's transactions, newest first (states: comma-joined filter)",
        security,
        querystring: candidateTransactionsQuerySchema,
        response: responses(candidateTransactionListSchema),
      },
    },
    async (request) => ok(await service.candidateTransactions(me(request), request.query)),
  );

  app.get(
    paths.history,
    {
      schema: {
        tags,
        summary: "The audited state changes of the candidate's transaction of a form",
        security,
        querystring: transactionHistoryQuerySchema,
        response: responses(transactionHistoryListSchema),
      },
    },
    async (request) => ok(await service.history(me(request), request.query)),
  );

  app.get(
    paths.typeInfoRoute,
    {
      schema: {
        tags,
        summary: 'One verification of the transaction: its config and saved input',
        security,
        params: z.object({ type: z.string().min(1).max(100) }),
        querystring: transactionQuerySchema,
        response: responses(verificationInfoSchema),
      },
    },
    async (request) => ok(await service.typeInfo(me(request), request.params.type, request.query)),
  );

  app.get(
    paths.purposes,
    {
      schema: {
        tags,
        summary: "The form's pre-start questions (with the answers of transaction `id`)",
        security,
        querystring: purposesQuerySchema,
        response: responses(preStartQuestionListSchema),
      },
    },
    async (request) => ok(await service.purposes(me(request), request.query)),
  );

  app.patch(
    paths.userResponse,
    {
      schema: {
        tags,
        summary: 'Answer the pre-start questions',
        security,
        body: userResponseRequestSchema,
        response: responses(preStartQuestionListSchema),
      },
    },
    async (request) => ok(await service.saveAnswers(me(request), request.body), 'Answers saved'),
  );

  app.post(
    paths.markAsSkip,
    {
      schema: {
        tags,
        summary: 'Skip verifications (all or nothing; only skippable ones not yet ready to submit)',
        security,
        body: markAsSkipRequestSchema,
        response: responses(transactionInfoSchema),
      },
    },
    async (request) => ok(await service.markAsSkip(me(request), request.body)),
  );

  app.put(
    paths.bgv,
    {
      schema: {
        tags,
        summary: "Save a verification's input as the candidate types (→ DATA_SAVED)",
        description: SAVED_DATA_RULES,
        security,
        body: saveVerificationDataRequestSchema,
        response: responses(verificationInfoSchema),
      },
    },
    async (request) => ok(await service.saveData(me(request), request.body), 'Saved'),
  );

  app.post(
    paths.bgv,
    {
      schema: {
        tags,
        summary: "Submit a verification's input, checked against its config (→ READY_TO_SUBMIT)",
        description: `${SAVED_DATA_RULES} A submit also needs every required field.`,
        security,
        body: saveVerificationDataRequestSchema,
        response: responses(verificationInfoSchema),
      },
    },
    async (request) =>
      ok(await service.submitVerification(me(request), request.body, requestLanguage(request)), 'Submitted'),
  );

  app.post(
    paths.bgvInsufficiency,
    {
      schema: {
        tags,
        summary: "Answer the team's insufficiency request with the documents asked (→ SUBMITTED)",
        description:
          'Only while the verification is INSUFFICIENT_DATA (else 123, nothing changed): the uploaded file ' +
          "ids (POST /files) for exactly the documents of the open request, each the candidate's own and " +
          "not another transaction's; a missing or unknown document 100. The same answer again answers " +
          'the info unchanged. ADR 0020.',
        security,
        body: insufficiencyAnswerRequestSchema,
        response: responses(transactionInfoSchema),
      },
    },
    async (request) => ok(await service.answerInsufficiency(me(request), request.body), 'Submitted'),
  );

  app.post(
    paths.bgvInstances,
    {
      schema: {
        tags,
        summary:
          'Add another instance of a verification that accepts several submissions ("Add Another Degree")',
        description:
          'Adds `<type>~<n>` as a NOT_INITIALIZED record (its key is the `type` of every other route). ' +
          'While the last added instance is still NOT_INITIALIZED, that one is answered with `created: false` ' +
          `(a double click adds one). At most ${MAX_INSTANCES} per type (180); a type that takes one ` +
          'submission is refused (181).',
        security,
        body: addInstanceRequestSchema,
        response: responses(addInstanceResponseSchema),
      },
    },
    async (request) => ok(await service.addInstance(me(request), request.body)),
  );

  app.delete(
    paths.bgv,
    {
      schema: {
        tags,
        summary: 'Delete an added instance, or clear the first one back to not started',
        description:
          'Only while the transaction is open and the record is NOT_INITIALIZED, DATA_SAVED or ' +
          "READY_TO_SUBMIT; otherwise 123 and nothing changes. The record's files are released from " +
          'the transaction. Answers the transaction info.',
        security,
        querystring: deleteVerificationQuerySchema,
        response: responses(transactionInfoSchema),
      },
    },
    async (request) => ok(await service.deleteVerification(me(request), request.query), 'Deleted'),
  );

  app.post(
    paths.submit,
    {
      schema: {
        tags,
        summary: 'Submit the transaction (nothing remaining, minimum set met, no payment required)',
        security,
        body: transactionRefSchema,
        response: responses(transactionInfoSchema),
      },
    },
    async (request) => ok(await service.submit(me(request), request.body), 'Submitted'),
  );
};
