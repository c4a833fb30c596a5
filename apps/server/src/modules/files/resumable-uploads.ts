import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { FILE_LIMITS, FILE_TEXT, uploadFieldsSchema, type FileUploadResponse } from '@veridocs/shared';
import { Server, type Upload } from '@tus/server';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, isAppError, validationFailed } from '../../errors.js';
import { badTextReason } from '../../http/input-guard.js';
import type { ResumableStore } from '../../storage/resumable-store.js';
import type { Clock } from '../../lib/clock.js';
import type { FilesService, UploadFields } from './files-service.js';
import type { ResumableUploadsRepository } from './resumable-uploads-repository.js';
import type { UploadLocker } from './upload-locker.js';

/** Metadata the candidate may send (tus `Upload-Metadata`); anything else is dropped. */
const CLIENT_METADATA = ['filename', 'filetype', 'folderName', 'fileCategory', 'expectName'] as const;
/** The owner's profile id, written by the server into the upload's metadata; a client's value is replaced. */
const OWNER = 'owner';

/** What one request through the tus handler did, read by the route after tus answered. */
export interface TusRequestState {
  owner: string;
  /** The Upload-Offset the request started from (PATCH), 0 for a creation. */
  startOffset: number;
  /** A refusal of ours: the route answers it as the envelope instead of tus's answer. */
  failure?: unknown;
  /** The stored file after the last byte: the route answers it like POST /files. */
  finished?: FileUploadResponse;
  /** Bytes already counted against the candidate's hourly budget by this request. */
  charged?: boolean;
}

/** tus aborts a request on a thrown object with a status and a text body; the route answers ours. */
function refuse(state: TusRequestState | undefined, error: unknown): never {
  if (state) state.failure = error;
  const status = isAppError(error) ? error.statusCode : 500;
  throw { status_code: status, body: isAppError(error) ? error.message : 'Upload failed' };
}

/** The candidate's fields from the upload's metadata, by the same rules as the multipart fields. */
export function fieldsFromMetadata(metadata: Upload['metadata']): UploadFields & { filename?: string } {
  const raw: Record<string, string> = {};
  for (const name of CLIENT_METADATA) {
    const value = metadata?.[name];
    if (typeof value !== 'string') continue;
    const reason = badTextReason(value);
    if (reason) throw validationFailed([{ path: name, message: `Upload-Metadata "${name}" ${reason}` }]);
    raw[name] = value;
  }
  const { filename, filetype: _type, ...fields } = raw;
  const parsed = uploadFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    throw validationFailed(issues, { withPath: true });
  }
  return { ...parsed.data, ...(filename !== undefined ? { filename } : {}) };
}

/**
 * Resumable uploads by the tus protocol (ADR 0050 "Resumable uploads (tus)"). The bytes collect in a tus
 * store (local disk, or the S3 bucket when files live there) under a random id owned by the candidate who
 * created it; after the last byte the file goes through the same checks and storage as POST /files
 * (`files.receive` and `files.complete`), then the partial copy is removed whatever the verdict.
 */
export function createResumableUploads(deps: {
  store: ResumableStore;
  /** The route's full path (the base of every upload's URL). */
  path: string;
  files: Pick<FilesService, 'admit' | 'charge' | 'receive' | 'complete'>;
  /** Uploads by owner (for an erasure), and finished ones' answers for a client that lost one. */
  records: ResumableUploadsRepository;
  expiryMs: number;
  now: Clock;
  /** The lock a request takes on an upload, shared by every instance (upload-locker.ts). */
  locker: UploadLocker;
  log: FastifyBaseLogger;
}) {
  const { store, files, log } = deps;
  // tus hands each hook the request it was given: the route's state for it is kept by that object.
  const states = new WeakMap<Request, TusRequestState>();
  const stateOf = (req: Request) => states.get(req);

  /** The upload behind `id` when `owner` created it; another's or an unknown id is the same 404. */
  async function owned(id: string, owner: string): Promise<Upload> {
    const upload = await store.getUpload(id).catch(() => null);
    if (!upload || upload.metadata?.[OWNER] !== owner) throw new AppError('FILE_NOT_FOUND');
    return upload;
  }

  /** The same checks and answer as POST /files, on the finished upload's bytes; nothing of it stays. */
  async function finish(state: TusRequestState, upload: Upload): Promise<FileUploadResponse> {
    try {
      const { filename, ...fields } = fieldsFromMetadata(upload.metadata);
      // A refusal by type or size stores nothing; `complete` removes a file its checks refuse.
      const received = await files.receive(Readable.from(await store.read(upload.id)), filename);
      const answer = await files.complete(state.owner, received, fields);
      // Before the partial copy goes: a client that lost this answer finds it (HEAD or PATCH again).
      await deps.records.finished({
        uploadId: upload.id,
        profileId: state.owner,
        size: upload.size ?? 0,
        answer,
        at: deps.now(),
      });
      return answer;
    } finally {
      await store
        .remove(upload.id)
        .catch((error: unknown) => log.warn({ err: error }, 'could not remove a finished upload'));
    }
  }

  const server = new Server({
    path: deps.path,
    // Bytes are committed only by the request that still holds the upload's lock (ADR 0050 "Fencing").
    datastore: deps.locker.fence(store),
    locker: deps.locker,
    relativeLocation: true,
    maxSize: FILE_LIMITS.maxBytes,
    // Refused uploads are removed by us; a candidate may also cancel one (DELETE) before it finishes.
    disableTerminationForFinishedUploads: true,
    async onIncomingRequest(req, id) {
      const state = stateOf(req);
      if (!state) refuse(undefined, new AppError('UNAUTHORIZED'));
      if (req.method === 'POST') return;
      try {
        await owned(id, state.owner);
      } catch (error) {
        refuse(state, error);
      }
    },
    async onUploadCreate(req, upload) {
      const state = stateOf(req);
      if (!state) refuse(undefined, new AppError('UNAUTHORIZED'));
      const metadata: Record<string, string | null> = {};
      for (const name of CLIENT_METADATA) {
        const value = upload.metadata?.[name];
        if (typeof value === 'string') metadata[name] = value;
      }
      metadata[OWNER] = state.owner;
      // Known by its owner from the start: an erasure removes a partial upload too.
      await deps.records.created({
        uploadId: upload.id,
        profileId: state.owner,
        size: upload.size ?? 0,
        at: deps.now(),
      });
      return { metadata };
    },
    async onUploadFinish(req, upload) {
      const state = stateOf(req);
      if (!state) refuse(undefined, new AppError('UNAUTHORIZED'));
      // The last request's bytes: counted before the checks, as a refused file's bytes count too.
      state.charged = true;
      await files.charge(state.owner, (upload.size ?? 0) - state.startOffset);
      try {
        state.finished = await finish(state, upload);
      } catch (error) {
        refuse(state, error);
      }
      return {};
    },
  });

  return {
    server,
    store,
    /** Each tus request runs in its own fencing context (UploadLocker.run). */
    locker: deps.locker,
    /** Keeps what one request does, for the hooks and then the route. */
    track(req: Request, state: TusRequestState) {
      states.set(req, state);
    },
    /** Checks a creation's declared length and fields and the candidate's limits, before any byte. */
    async admitCreation(owner: string, headers: IncomingMessage['headers']): Promise<void> {
      const length = headers['upload-length'];
      if (typeof length !== 'string' || !/^\d{1,15}$/.test(length))
        throw new AppError('VALIDATION_FAILED', 'Send the file size in Upload-Length');
      const size = Number(length);
      if (size > FILE_LIMITS.maxBytes) throw new AppError('FILE_TOO_LARGE', FILE_TEXT.tooBig);
      if (size < FILE_LIMITS.minBytes) throw new AppError('FILE_TOO_SMALL', FILE_TEXT.tooSmall);
      const metadata = headers['upload-metadata'];
      if (typeof metadata === 'string') fieldsFromMetadata(parseMetadata(metadata));
      await files.admit(owner, size);
    },
    /** Counts the bytes a request stored but did not finish the upload with (a cut or partial PATCH). */
    async chargeProgress(state: TusRequestState, id: string | undefined, offset: number | undefined) {
      if (state.charged || !id) return;
      const reached = offset ?? (await store.getUpload(id).catch(() => null))?.offset;
      if (reached !== undefined && reached > state.startOffset)
        await files.charge(state.owner, reached - state.startOffset);
    },
    /**
     * The answer of `id` when it finished for `owner`, as long as partial uploads are kept; undefined
     * otherwise (the tus handler then answers).
     */
    finishedAnswer: (id: string, owner: string) => deps.records.finishedAnswer(id, owner),
    /** Removes partial uploads older than the expiry (tus's `deleteExpired`), and finished answers as old. */
    async sweepExpired(): Promise<number> {
      const partial = await server.cleanUpExpiredUploads();
      return partial + (await deps.records.sweep(new Date(deps.now().getTime() - deps.expiryMs)));
    },
  };
}

export type ResumableUploads = ReturnType<typeof createResumableUploads>;

/** tus `Upload-Metadata`: comma-separated `key base64value` pairs (a key alone is an empty value). */
export function parseMetadata(header: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of header.split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (!key) continue;
    out[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return out;
}
