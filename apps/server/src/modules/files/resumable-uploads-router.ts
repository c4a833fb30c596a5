import { Readable } from 'node:stream';
import {
  API_PATHS,
  ERROR_CODES,
  errorEnvelopeSchema,
  fileUploadResponseSchema,
  type ErrorName,
} from '@veridocs/shared';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { currentUser } from '../../http/auth-guard.js';
import { z } from 'zod';
import { fileFieldSchema, ok, responses } from '../../http/envelope.js';
import type { ResumableUploads, TusRequestState } from './resumable-uploads.js';

const paths = API_PATHS.files;
const TUS_BODY = 'application/offset+octet-stream';
/** A finished upload's envelope (base64 of its JSON) on HEAD: the answer a client lost. */
export const UPLOAD_RESULT_HEADER = 'upload-result';
/** tus's headers that the route passes on (the rest of the answer's headers are the app's). */
const TUS_HEADERS = [
  'tus-resumable',
  'tus-version',
  'tus-extension',
  'tus-max-size',
  'upload-offset',
  'upload-length',
  'upload-expires',
  'upload-metadata',
  'location',
  'cache-control',
];

/** tus's own refusals (protocol errors) as the envelope, keeping their status: tus clients act on it. */
function tusErrorName(status: number): ErrorName {
  if (status === 404 || status === 410) return 'FILE_NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 413) return 'FILE_TOO_LARGE';
  if (status === 403) return 'FORBIDDEN';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status >= 500) return 'INTERNAL';
  return 'VALIDATION_FAILED';
}

/** The Fastify request as the web Request tus handles: its body streamed, never read by Fastify. */
function toWebRequest(request: FastifyRequest): Request {
  const raw = request.raw;
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const streamed =
    (raw.method === 'PATCH' || raw.method === 'POST') &&
    String(raw.headers['content-type'] ?? '').startsWith(TUS_BODY);
  const web = new Request(`http://${request.host || 'localhost'}${raw.url}`, {
    method: raw.method ?? 'GET',
    headers,
    ...(streamed ? { body: Readable.toWeb(raw), duplex: 'half' } : {}),
  });
  // tus aborts its write when the Node request fails (a dropped connection), through `runtime.node`.
  Object.defineProperty(web, 'runtime', { value: { node: { req: raw, res: undefined } } });
  return web;
}

/**
 * The tus protocol's routes under SERVICE_BASES.utility (ADR 0050), in the signed-in family: every
 * request carries the candidate's bearer token. Fastify leaves tus bodies unread; the tus handler
 * streams them to its store. Refusals of ours are the envelope; the last PATCH answers like POST /files.
 */
export const resumableUploadsRouter: FastifyPluginAsync<{ uploads: ResumableUploads }> = async (
  app,
  { uploads },
) => {
  app.addContentTypeParser(TUS_BODY, (_request, _payload, done) => done(null));

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    const owner = currentUser(request).profileId;
    const raw = request.raw;
    // An upload that finished: its answer again, for a client that lost it (a dropped connection
    // after the last byte). HEAD says it is complete and carries the answer in Upload-Result (a HEAD
    // has no body); a PATCH answers as the last one did. Never the whole file a second time.
    const id = (request.params as { id?: string }).id;
    if (id && (raw.method === 'HEAD' || raw.method === 'PATCH')) {
      const done = await uploads.finishedAnswer(id, owner);
      if (done) {
        reply
          .header('tus-resumable', '1.0.0')
          .header('upload-offset', String(done.size))
          .header('upload-length', String(done.size))
          .header('cache-control', 'no-store');
        if (raw.method === 'PATCH') return reply.code(200).send(ok(done.answer));
        const envelope = JSON.stringify(ok(done.answer));
        return reply
          .code(200)
          .header(UPLOAD_RESULT_HEADER, Buffer.from(envelope, 'utf8').toString('base64'))
          .send();
      }
    }
    if (raw.method === 'POST') await uploads.admitCreation(owner, raw.headers);
    const state: TusRequestState = {
      owner,
      startOffset: raw.method === 'PATCH' ? Number(raw.headers['upload-offset']) || 0 : 0,
    };
    const web = toWebRequest(request);
    uploads.track(web, state);
    const response = await uploads.locker.run(() => uploads.server.handleWeb(web));
    const offset = response.headers.get('upload-offset');
    if (raw.method === 'PATCH' && !state.charged) {
      await uploads.chargeProgress(state, id, offset === null ? undefined : Number(offset));
    }
    for (const name of TUS_HEADERS) {
      const value = response.headers.get(name);
      if (value !== null) reply.header(name, value);
    }
    if (state.failure) throw state.failure;
    if (state.finished) return reply.code(200).send(ok(state.finished));
    reply.code(response.status);
    if (response.status >= 400) {
      const name = tusErrorName(response.status);
      const text = (await response.text()).trim();
      return reply.send({
        code: ERROR_CODES[name].code,
        data: null,
        message: name === 'VALIDATION_FAILED' || name === 'CONFLICT' ? text : ERROR_CODES[name].message,
      });
    }
    return reply.send();
  }

  // tus answers without a body but for the PATCH that completes the file (issue 30: every answer declared).
  const empty = (status: number, description: string) => ({
    [status]: z.undefined().meta({ description }),
  });
  const schema = (summary: string, answers: Record<string, unknown> = empty(204, 'Done (tus headers)')) => ({
    tags: ['files'],
    summary,
    security: [{ partnerOrg: [], bearer: [] }],
    response: { ...answers, '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema },
  });
  app.route({
    method: 'POST',
    url: paths.resumable,
    schema: {
      ...schema(
        'Create a resumable upload (tus 1.0.0: Upload-Length, Upload-Metadata filename …)',
        empty(201, 'Created: Location names the upload'),
      ),
      description:
        'The declared size, the fields (folderName, fileCategory, expectName) and the upload limits are ' +
        'checked before any byte; answers 201 with Location.',
      // Described for clients; tus itself checks them (all optional here, so Fastify refuses nothing).
      headers: z.looseObject({
        'tus-resumable': z.string().optional().meta({ description: 'The protocol version: 1.0.0' }),
        'upload-length': z.string().optional().meta({ description: "The file's size in bytes" }),
        'upload-metadata': z
          .string()
          .optional()
          .meta({
            description:
              'Comma-separated "key base64(value)" pairs: filename (required), filetype, and the fields ' +
              'of POST /files: folderName, fileCategory, expectName',
          }),
      }),
    },
    handler: handle,
  });
  app.route({
    method: 'OPTIONS',
    url: paths.resumable,
    schema: schema('The tus protocol this server speaks (Tus-Version, Tus-Extension, Tus-Max-Size)'),
    handler: handle,
  });
  app.route({
    method: 'HEAD',
    url: paths.resumableRoute,
    schema: schema(
      "A resumable upload's offset (Upload-Offset): where to resume",
      empty(200, 'Upload-Offset'),
    ),
    handler: handle,
  });
  app.route({
    method: 'PATCH',
    url: paths.resumableRoute,
    schema: {
      ...schema('Send bytes of a resumable upload from Upload-Offset', {
        ...empty(204, 'Bytes taken: Upload-Offset is the new offset'),
        200: responses(fileUploadResponseSchema)[200],
      }),
      consumes: [TUS_BODY],
      documentedBody: fileFieldSchema('The next bytes of the file, from Upload-Offset'),
      description:
        'The PATCH that ends the upload runs the checks of POST /files and answers as it does ' +
        '(200 and the envelope with fileId, fileUrl …, or its refusal); the partial upload is then removed.',
    },
    handler: handle,
  });
  app.route({
    method: 'DELETE',
    url: paths.resumableRoute,
    schema: schema('Cancel a resumable upload (its bytes are removed)'),
    handler: handle,
  });
};
