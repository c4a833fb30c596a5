import fastifyMultipart from '@fastify/multipart';
import {
  API_PATHS,
  detectIssuesRequestSchema,
  detectIssuesResponseSchema,
  FILE_LIMITS,
  FILE_TEXT,
  MERGE_MAX_PARTS,
  fileFromUrlRequestSchema,
  fileLinkResponseSchema,
  fileUploadResponseSchema,
  uploadFieldsSchema,
} from '@veridocs/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, validationFailed } from '../../errors.js';
import { currentUser } from '../../http/auth-guard.js';
import { fileContentResponses, fileFieldSchema, multipartBody, ok, responses } from '../../http/envelope.js';
import { badInput, badTextReason } from '../../http/input-guard.js';
import { mergePartName, type FileContent, type FilesService, type Received } from './files-service.js';
import { contentDisposition } from './upload-guard.js';

const security = [{ partnerOrg: [], bearer: [] }];
const tags = ['files'];
const paths = API_PATHS.files;
const idParams = z.object({ id: z.string().max(100) });

/** Multipart parser errors, as the spec's messages. */
const MULTIPART_ERRORS: Record<string, () => AppError> = {
  FST_FILES_LIMIT: () => new AppError('FILE_COUNT', FILE_TEXT.tooMany(1)),
  FST_REQ_FILE_TOO_LARGE: () => new AppError('FILE_TOO_LARGE', FILE_TEXT.tooBig),
  FST_PARTS_LIMIT: () => new AppError('VALIDATION_FAILED', 'Too many form fields'),
  FST_FIELDS_LIMIT: () => new AppError('VALIDATION_FAILED', 'Too many form fields'),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () =>
    new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data in the field "file"'),
};

function mapMultipartError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  const mapped = code ? MULTIPART_ERRORS[code] : undefined;
  if (mapped) return mapped();
  if (error instanceof Error && /multipart|part terminated|boundary/i.test(error.message))
    return new AppError('VALIDATION_FAILED', 'The upload was interrupted or is not valid multipart data');
  return error;
}

/** Streams stored bytes with headers that keep a browser from running or sniffing them. */
/** Multipart fields bypass the JSON body check: the same rule, here (input-guard.ts). */
function keepField(fields: Record<string, string>, name: string, raw: unknown): void {
  const value = String(raw);
  const reason = badTextReason(value);
  if (reason) throw badInput('body', `field "${name}" ${reason}`);
  fields[name] = value;
}

export function sendContent(reply: FastifyReply, content: FileContent) {
  return reply
    .header('content-type', content.mimeType)
    .header('content-length', String(content.size))
    .header('content-disposition', contentDisposition(content.name, content.mimeType))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(content.body);
}

/** The multipart parser's limits for one uploaded file (every route that takes a file registers these). */
export const UPLOAD_MULTIPART_LIMITS = {
  fileSize: FILE_LIMITS.maxBytes + 1,
  files: 1,
  fields: 5,
  parts: 8,
  fieldSize: 1024,
  headerPairs: 50,
} as const;

/**
 * Reads the one file of a multipart request (field "file") into storage through every check of POST /files:
 * the candidate's upload limits, size while it flows, type by its magic bytes, and the text rule for the
 * other fields. The caller completes the answer (`files.complete`: the document checks) or discards it;
 * on any refusal here nothing stays stored.
 */
export async function readUpload(
  request: FastifyRequest,
  files: Pick<FilesService, 'admit' | 'receive' | 'charge' | 'discard'>,
  owner: string,
): Promise<{ received: Received; fields: Record<string, string> }> {
  await files.admit(owner, Number(request.headers['content-length']) || 0);
  const fields: Record<string, string> = {};
  let received: Received | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        keepField(fields, part.fieldname, part.value);
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw new AppError('VALIDATION_FAILED', 'Send the file in the field "file"');
      }
      received = await files.receive(part.file, part.filename);
      await files.charge(owner, received.bytes);
      if (part.file.truncated) throw new AppError('FILE_TOO_LARGE', FILE_TEXT.tooBig);
    }
    if (!received) throw new AppError('FILE_MISSING');
    return { received, fields };
  } catch (error) {
    if (received) await files.discard(received);
    throw mapMultipartError(error);
  }
}

/** Files under SERVICE_BASES.utility (all need the bearer token; only the owner reaches a file). */
export const filesRouter: FastifyPluginAsyncZod<{
  files: FilesService;
}> = async (app, { files }) => {
  const me = (request: Parameters<typeof currentUser>[0]) => currentUser(request).profileId;

  // Scoped to these routes: the rest of the app accepts JSON only.
  await app.register(fastifyMultipart, { limits: UPLOAD_MULTIPART_LIMITS });

  app.post(
    paths.upload,
    {
      schema: {
        tags,
        summary: 'Upload one file (multipart field "file"; folderName, fileCategory, expectName)',
        security,
        consumes: ['multipart/form-data'],
        documentedBody: multipartBody('The file: PDF, JPEG or PNG, 40 KB to 25 MB', uploadFieldsSchema.shape),
        response: responses(fileUploadResponseSchema),
      },
    },
    async (request) => {
      const owner = me(request);
      const { received, fields } = await readUpload(request, files, owner);
      const parsed = uploadFieldsSchema.safeParse(fields);
      if (!parsed.success) {
        await files.discard(received);
        const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
        throw validationFailed(issues, { withPath: true });
      }
      return ok(await files.complete(owner, received, parsed.data));
    },
  );

  app.post(
    paths.merge,
    {
      schema: {
        tags,
        summary: `Merge up to ${MERGE_MAX_PARTS} PDFs into one (multipart fields "file", in order)`,
        description:
          'Each part is checked like an upload (a PDF by its content, 40 KB to 25 MB, the document checks); ' +
          'a refused part is named in the message ("File 2 (sem2.pdf): …", `data.part`) and nothing is ' +
          'stored. The parts are merged in the order sent and stored as ONE file, answered like POST /files.',
        security,
        consumes: ['multipart/form-data'],
        documentedBody: z.object({
          file: z
            .array(fileFieldSchema('A PDF, 40 KB to 25 MB'))
            .min(1)
            .max(MERGE_MAX_PARTS)
            .meta({ description: 'The PDFs, one part each, in the order to merge' }),
          ...uploadFieldsSchema.shape,
        }),
        response: responses(fileUploadResponseSchema),
      },
    },
    async (request) => {
      const owner = me(request);
      await files.admit(owner, Number(request.headers['content-length']) || 0);
      const fields: Record<string, string> = {};
      const parts: Received[] = [];
      try {
        for await (const part of request.parts({
          limits: { files: MERGE_MAX_PARTS, parts: MERGE_MAX_PARTS + 5 },
        })) {
          if (part.type === 'field') {
            keepField(fields, part.fieldname, part.value);
            continue;
          }
          if (part.fieldname !== 'file') {
            part.file.resume();
            throw new AppError('VALIDATION_FAILED', 'Send the files in the field "file"');
          }
          const index = parts.length;
          try {
            const received = await files.receive(part.file, part.filename);
            parts.push(received);
            await files.charge(owner, received.bytes);
            if (part.file.truncated) throw new AppError('FILE_TOO_LARGE', FILE_TEXT.tooBig);
          } catch (error) {
            // Name the part in a refusal of its size or type.
            const mapped = mapMultipartError(error);
            if (mapped instanceof AppError && mapped.errorName !== 'VALIDATION_FAILED') {
              throw new AppError(
                mapped.errorName,
                `${mergePartName(index, part.filename || 'file')}: ${mapped.message}`,
                { part: index + 1, name: part.filename },
              );
            }
            throw mapped;
          }
        }
        const parsed = uploadFieldsSchema.safeParse(fields);
        if (!parsed.success) {
          const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
          throw validationFailed(issues, { withPath: true });
        }
        const taken = parts.splice(0);
        return ok(await files.merge(owner, taken, parsed.data));
      } catch (error) {
        for (const part of parts) await files.discard(part);
        const mapped = mapMultipartError(error);
        if (mapped instanceof AppError && mapped.errorName === 'FILE_COUNT')
          throw new AppError('FILE_COUNT', FILE_TEXT.tooMany(MERGE_MAX_PARTS));
        throw mapped;
      }
    },
  );

  app.post(
    paths.fromUrl,
    {
      schema: {
        tags,
        summary: 'Fetch a file from an http(s) URL and store it like an upload',
        security,
        body: fileFromUrlRequestSchema,
        response: responses(fileUploadResponseSchema),
      },
    },
    async (request) => ok(await files.fromUrl(me(request), request.body)),
  );

  app.get(
    paths.oneRoute,
    {
      schema: {
        tags,
        summary: "A file's details",
        security,
        params: idParams,
        response: responses(fileUploadResponseSchema),
      },
    },
    async (request) => ok(await files.get(me(request), request.params.id)),
  );

  app.get(
    paths.contentRoute,
    {
      schema: {
        tags,
        summary: "A file's bytes (owner only)",
        security,
        params: idParams,
        response: fileContentResponses(),
      },
    },
    async (request, reply) => sendContent(reply, await files.open(me(request), request.params.id)),
  );

  app.get(
    paths.linkRoute,
    {
      schema: {
        tags,
        summary: `A signed download link, valid ${FILE_LIMITS.downloadLinkSeconds} s`,
        security,
        params: idParams,
        response: responses(fileLinkResponseSchema),
      },
    },
    async (request) => ok(await files.link(me(request), request.params.id)),
  );

  app.post(
    paths.detectIssues,
    {
      schema: {
        tags,
        summary: 'Run the document checks again on a stored file',
        security,
        body: detectIssuesRequestSchema,
        response: responses(detectIssuesResponseSchema),
      },
    },
    async (request) => ok(await files.detectIssues(me(request), request.body.fileId)),
  );
};

/** GET /api/file-links/:token: public (an <img> or <a> cannot send headers); the signature is the permission. */
export const fileLinksRouter: FastifyPluginAsyncZod<{ files: FilesService }> = async (app, { files }) => {
  app.get(
    paths.signedDownload,
    {
      schema: {
        tags,
        response: fileContentResponses(),
        summary: 'Download through a signed, short-lived link',
        params: z.object({ token: z.string().max(200) }),
      },
    },
    async (request, reply) => sendContent(reply, await files.openByToken(request.params.token)),
  );
};
