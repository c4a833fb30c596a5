import {
  API_PATHS,
  NAME_CHANGE_MESSAGES,
  SERVICE_BASES,
  type NameChangeRequest,
  type NameChangeResponse,
} from '@veridocs/shared';
import { AppError, validationFailed } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import type { NameChangeRepository, NameChangeRow } from './name-change-repository.js';

interface OwnedFiles {
  findOwnedMany(ownerProfileId: string, ids: readonly string[]): Promise<{ id: string }[]>;
}

const fileUrl = (id: string) => `${SERVICE_BASES.utility}${API_PATHS.files.content(id)}`;
const FILE_URL = /\/files\/([0-9a-fA-F-]{36})\/content$/;

function toResponse(row: NameChangeRow): NameChangeResponse {
  return {
    id: row.id,
    orgId: row.orgId,
    txnId: row.txnId,
    verificationName: row.verificationName,
    state: row.state,
    documentList: row.documentList.map((d) => ({ label: d.label, url: fileUrl(d.fileId) })),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * POST /transactions/name-change-request: the caller's own transaction and one of its verifications,
 * proof documents that are the caller's own uploads; idempotent (one request per verification).
 */
export function createNameChangeService(deps: { repo: NameChangeRepository; files: OwnedFiles; now: Clock }) {
  return {
    async list(profileId: string): Promise<NameChangeResponse[]> {
      return (await deps.repo.listByProfile(profileId)).map(toResponse);
    },
    async file(
      profileId: string,
      input: NameChangeRequest,
    ): Promise<{ request: NameChangeResponse; created: boolean }> {
      const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(input.txnId);
      const owned = isUuid
        ? await deps.repo.ownsVerification({ profileId, ...input, txnId: input.txnId.toLowerCase() })
        : { txn: false, verification: false };
      if (!owned.txn) throw new AppError('TRANSACTION_ACCESS_DENIED');
      if (!owned.verification) throw new AppError('VERIFICATION_NOT_IN_FORM');

      const ids = input.documentList.map((d) => FILE_URL.exec(d.url)?.[1]?.toLowerCase() ?? null);
      const found = new Set(
        (
          await deps.files.findOwnedMany(
            profileId,
            ids.filter((id): id is string => id !== null),
          )
        ).map((f) => f.id),
      );
      const issues = ids.flatMap((id, i) =>
        id && found.has(id)
          ? []
          : [{ path: `documentList.${i}.url`, message: NAME_CHANGE_MESSAGES.documentRequired }],
      );
      if (issues.length > 0) throw validationFailed(issues);

      const { row, created } = await deps.repo.insertOnce({
        profileId,
        orgId: input.orgId,
        txnId: input.txnId.toLowerCase(),
        verificationName: input.verificationName,
        documentList: input.documentList.map((d, i) => ({ label: d.label, fileId: ids[i]! })),
        now: deps.now(),
      });
      return { request: toResponse(row), created };
    },
  };
}
export type NameChangeService = ReturnType<typeof createNameChangeService>;
