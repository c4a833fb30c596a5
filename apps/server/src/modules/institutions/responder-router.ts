import fastifyMultipart from '@fastify/multipart';
import {
  INSTITUTION_API_PATHS,
  confirmContactResponseSchema,
  confirmContactSchema,
  institutionAnswerSchema,
  responderAnswerRequestSchema,
  responderCodeRequestSchema,
  responderCodeResponseSchema,
  responderLetterResponseSchema,
  responderRequestListSchema,
  responderRequestSchema,
  responderSessionRequestSchema,
  responderSessionResponseSchema,
} from '@veridocs/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileContentResponses, multipartBody, ok, responses } from '../../http/envelope.js';
import { UPLOAD_MULTIPART_LIMITS, readUpload, sendContent } from '../files/files-router.js';
import type { DirectoryService } from './directory-service.js';
import type { ContactRow } from './institutions-repository.js';
import type { ResponderService } from './responder-service.js';

const tags = ['institutions'];
/** The responder's session token from responderSession (not a candidate's or a staff member's). */
const security = [{ responderSession: [] }];
const PER_MINUTE = 60_000;
const idParam = z.string().trim().min(1).max(100);
const requestParams = z.object({ requestId: idParam });
const fileParams = requestParams.extend({ fileId: idParam });

const contacts = new WeakMap<FastifyRequest, ContactRow>();

/**
 * The institution's side (issue 27), public: the contact's confirmation link, and the responder's page
 * (the link's code, then a session: Authorization: Bearer). Rate limited like the other public OTP routes;
 * the session is checked before any body is read.
 */
export const institutionsPublicRouter: FastifyPluginAsyncZod<{
  directory: DirectoryService;
  responder: ResponderService;
  rateLimit: { otpMax: number };
}> = async (app, { directory, responder, rateLimit }) => {
  const P = INSTITUTION_API_PATHS;
  const limited = { rateLimit: { max: rateLimit.otpMax, timeWindow: PER_MINUTE } };

  app.post(
    P.confirmContact,
    {
      config: limited,
      schema: {
        tags,
        summary: "Confirm a contact's address (the link e-mailed when it was added)",
        body: confirmContactSchema,
        response: responses(confirmContactResponseSchema),
      },
    },
    async (request) => ok(await directory.confirmContact(request.body.token), 'Address confirmed'),
  );

  app.post(
    P.responderCode,
    {
      config: limited,
      schema: {
        tags,
        summary: 'E-mail a one-time code to the contact the link is bound to',
        description:
          'An unknown, expired or cancelled link is 292 alike; a contact closed by wrong codes is 294.',
        body: responderCodeRequestSchema,
        response: responses(responderCodeResponseSchema),
      },
    },
    async (request) => ok(await responder.code(request.body.token), 'Code sent'),
  );

  app.post(
    P.responderSession,
    {
      config: limited,
      schema: {
        tags,
        summary: "The link's token and the code: a session for that contact's requests",
        description: 'A wrong code is 293; the third closes the contact’s links for a while (294).',
        body: responderSessionRequestSchema,
        response: responses(responderSessionResponseSchema),
      },
    },
    async (request) => ok(await responder.session(request.body.token, request.body.code)),
  );

  // The signed-in part: the session is checked in onRequest, before the body is read (ADR 0004).
  await app.register(async (plain) => {
    const signedIn = plain.withTypeProvider<ZodTypeProvider>();
    signedIn.addHook('onRequest', async (request) => {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
      contacts.set(request, await responder.contactOf(token));
    });
    const me = (request: FastifyRequest) => contacts.get(request)!;
    await signedIn.register(fastifyMultipart, { limits: UPLOAD_MULTIPART_LIMITS });

    signedIn.get(
      P.responderRequests,
      {
        config: limited,
        schema: {
          tags,
          summary: "The contact's requests, open first",
          security,
          response: responses(responderRequestListSchema),
        },
      },
      async (request) => ok(await responder.list(me(request))),
    );

    signedIn.get(
      P.responderRequestRoute,
      {
        config: limited,
        schema: {
          tags,
          summary: 'One request: the claims per verification, the documents, the answers so far',
          security,
          params: requestParams,
          response: responses(responderRequestSchema),
        },
      },
      async (request) => ok(await responder.detail(me(request), request.params.requestId)),
    );

    signedIn.get(
      P.responderFileRoute,
      {
        config: limited,
        schema: {
          tags,
          response: fileContentResponses(),
          summary: "A document of the request (the candidate's upload or a letter)",
          security,
          params: fileParams,
        },
      },
      async (request, reply) =>
        sendContent(
          reply,
          await responder.file(me(request), request.params.requestId, request.params.fileId),
        ),
    );

    signedIn.post(
      P.responderLetterRoute,
      {
        config: limited,
        schema: {
          tags,
          summary: 'Upload the optional letter (multipart "file", PDF) through the checked upload path',
          security,
          params: requestParams,
          consumes: ['multipart/form-data'],
          documentedBody: multipartBody('The letter: a PDF, 40 KB to 25 MB'),
          response: responses(responderLetterResponseSchema),
        },
      },
      async (request) => {
        const { request: asked, owner } = await responder.letterOwner(me(request), request.params.requestId);
        const { received } = await readUpload(request, responder.uploads, owner);
        return ok(await responder.letter(asked, owner, received), 'Letter uploaded');
      },
    );

    signedIn.post(
      P.responderAnswerRoute,
      {
        config: limited,
        schema: {
          tags,
          summary: "One verification's answer, fact by fact (a second answer corrects the first; both kept)",
          security,
          params: requestParams,
          body: responderAnswerRequestSchema,
          response: responses(institutionAnswerSchema),
        },
      },
      async (request) =>
        ok(await responder.answer(me(request), request.params.requestId, request.body), 'Answer sent'),
    );
  });
};
