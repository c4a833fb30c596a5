import {
  MRZ_MESSAGES,
  validatePassportFields,
  type MrzResult,
  type PassportConfirmRequest,
  type PassportScanRequest,
  type PassportScanResponse,
  type VerificationInfo,
} from '@veridocs/shared';
import { AppError, validationFailed } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import type { DocumentAnalyser } from '../files/analyser.js';
import type { FilesService } from '../files/files-service.js';
import type { TransactionsService } from '../transactions/transactions-service.js';

/** The verification a scan fills (spec §3 "Verification types"). */
export const PASSPORT_VERIFICATION = 'passport';
const PHOTO_TYPES = new Set(['image/jpeg', 'image/png']);

function toResponse(result: MrzResult, fileId: string): PassportScanResponse {
  if (result.ok) return { status: 'READ', message: null, field: null, fields: result.fields, fileId };
  return {
    status: result.reason,
    message: result.message,
    field: 'field' in result ? result.field : null,
    fields: 'fields' in result ? result.fields : null,
    fileId,
  };
}

/**
 * Passport by scan (issue 11): the MRZ of a photo the candidate uploaded (POST /files, with its checks) is read
 * in the check processes; the fields the candidate then confirms are judged again here (never trusted: they may
 * have been corrected, so formats, dates, expiry and the minimum age) and saved as the passport's data.
 */
export function createPassportService(deps: {
  analyser: DocumentAnalyser;
  files: FilesService;
  transactions: TransactionsService;
  /** The privacy module's age rule (ADR 0049 "Minors"): under 18 today in India. */
  minors: { isUnder18(dateOfBirth: string): boolean };
  now: Clock;
}) {
  const { analyser, files, transactions, minors, now } = deps;
  return {
    async scan(profileId: string, body: PassportScanRequest): Promise<PassportScanResponse> {
      // The transaction is the candidate's and asks for a passport (122 / 126 otherwise).
      await transactions.typeInfo(profileId, PASSPORT_VERIFICATION, body);
      // A read costs a check process like an upload does: it counts against the same per-minute limit.
      await files.admit(profileId);
      const readMrz = analyser.readMrz;
      if (!readMrz) throw new AppError('SERVICE_UNAVAILABLE', 'Passport scanning is not available');
      const result = await files.withOwnedLocalFile(profileId, body.fileId, async (path, mimeType) => {
        if (!PHOTO_TYPES.has(mimeType))
          throw validationFailed([
            { path: 'fileId', message: 'Upload a photo (JPEG or PNG) of the data page' },
          ]);
        return readMrz.call(analyser, { path });
      });
      return toResponse(result, body.fileId);
    },

    async confirm(profileId: string, body: PassportConfirmRequest): Promise<VerificationInfo> {
      // The transaction is the candidate's and asks for a passport (122 / 126 otherwise).
      await transactions.typeInfo(profileId, PASSPORT_VERIFICATION, body);
      // The age on India's day, not the rule's own (the server's day), so a candidate who turns 18 today
      // in India is not refused late in the UTC day. The confirmed fields are the candidate's word (they
      // may be typed or corrected), not a verified date of birth: under 18 is a field to correct, never
      // the minors' refusal, whose erasure a typo must not start (ADR 0049 "Minors").
      const issues = validatePassportFields(body.fields, now()).filter(
        (i) => !(i.field === 'dateOfBirth' && i.message === MRZ_MESSAGES.underAge),
      );
      if (minors.isUnder18(body.fields.dateOfBirth))
        issues.push({ field: 'dateOfBirth', message: MRZ_MESSAGES.underAge });
      if (issues.length > 0)
        throw validationFailed(issues.map((i) => ({ path: `fields.${i.field}`, message: i.message })));
      const f = body.fields;
      return transactions.saveData(profileId, {
        orgId: body.orgId,
        txnId: body.txnId,
        verificationName: PASSPORT_VERIFICATION,
        data: {
          surname: f.surname,
          givenNames: f.givenNames,
          passportNumber: f.passportNumber,
          nationality: f.nationality,
          sex: f.sex,
          dateOfBirth: f.dateOfBirth,
          dateOfExpiry: f.dateOfExpiry,
          passportDocument: [{ fileId: body.fileId }],
        },
      });
    },
  };
}

export type PassportService = ReturnType<typeof createPassportService>;
