import {
  API_PATHS,
  passportScanResponseSchema,
  verificationInfoSchema,
  type PassportConfirmRequest,
  type PassportScanRequest,
  type PassportScanResponse,
  type SaveVerificationDataRequest,
  type VerificationInfo,
} from '@veridocs/shared';
import { LIST, api } from '../../app/store/api';
import { config } from '../../lib/config';

/** Verification v1 calls of the /verification screen (spec §7 "Verification and forms"). */
const v1 = (path: string) => `${config.services.verificationV1}${path}`;

export interface VerificationRef {
  orgId: string;
  txnId: string;
  name: string;
}

const verificationTag = (ref: VerificationRef) => ({
  type: 'Verification' as const,
  id: `${ref.orgId}/${ref.txnId}/${ref.name}`,
});
const transactionTag = (ref: { orgId: string; txnId: string }) => ({
  type: 'Transaction' as const,
  id: `${ref.orgId}/${ref.txnId}`,
});
const refOf = (body: SaveVerificationDataRequest): VerificationRef => ({
  orgId: body.orgId,
  txnId: body.txnId,
  name: body.verificationName,
});

/** The screen shows these failures itself: the load's on the page, a save's on the status line. */
const quiet = { noSnackbar: true };

export const verificationApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /transactions/{name}/info?orgId&txnId: the verification, its config and the saved input. */
    getVerificationInfo: build.query<VerificationInfo, VerificationRef>({
      query: (ref) => ({
        url: `${v1(API_PATHS.verification.typeInfo(ref.name))}?${new URLSearchParams({ orgId: ref.orgId, txnId: ref.txnId }).toString()}`,
        schema: verificationInfoSchema,
      }),
      extraOptions: quiet,
      providesTags: (_result, _error, ref) => [verificationTag(ref)],
    }),
    /**
     * PUT /bgv: saves what the candidate has typed so far (DATA_SAVED). The form home's transaction is
     * stale after it (its tile state); the open form itself is not asked again while the candidate types.
     */
    saveVerificationData: build.mutation<VerificationInfo, SaveVerificationDataRequest>({
      query: (body) => ({
        url: v1(API_PATHS.verification.bgv),
        method: 'put',
        body,
        schema: verificationInfoSchema,
      }),
      extraOptions: quiet,
      invalidatesTags: (_result, _error, body) => [transactionTag(body)],
    }),
    /** POST /bgv: submits the verification (READY_TO_SUBMIT); the server runs the same field checks. */
    submitVerificationData: build.mutation<VerificationInfo, SaveVerificationDataRequest>({
      query: (body) => ({
        url: v1(API_PATHS.verification.bgv),
        method: 'post',
        body,
        schema: verificationInfoSchema,
      }),
      extraOptions: quiet,
      invalidatesTags: (_result, _error, body) => [
        verificationTag(refOf(body)),
        transactionTag(body),
        { type: 'Transactions', id: LIST },
      ],
    }),
    /** POST /verifications/scan/passport: the MRZ read from an uploaded photo of the passport. */
    scanPassport: build.mutation<PassportScanResponse, PassportScanRequest>({
      query: (body) => ({
        url: v1(API_PATHS.verification.passportScan),
        method: 'post',
        body,
        schema: passportScanResponseSchema,
      }),
      extraOptions: quiet,
    }),
    /** POST /transactions/update-identification: the confirmed passport fields, judged again and saved. */
    confirmPassport: build.mutation<VerificationInfo, PassportConfirmRequest>({
      query: (body) => ({
        url: v1(API_PATHS.verification.updateIdentification),
        method: 'post',
        body,
        schema: verificationInfoSchema,
      }),
      extraOptions: quiet,
      invalidatesTags: (_result, _error, body) => [transactionTag(body)],
    }),
  }),
});

export const {
  useGetVerificationInfoQuery,
  useSaveVerificationDataMutation,
  useSubmitVerificationDataMutation,
  useScanPassportMutation,
  useConfirmPassportMutation,
} = verificationApi;

/** The server's VALIDATION_FAILED data, `[{ path, message }]`, as messages by field name. */
export function serverFieldErrors(
  data: unknown,
  fieldNames: readonly string[],
): { fields: Record<string, string>; other: string[] } {
  const fields: Record<string, string> = {};
  const other: string[] = [];
  if (!Array.isArray(data)) return { fields, other };
  const known = new Set(fieldNames);
  for (const item of data as unknown[]) {
    if (!item || typeof item !== 'object') continue;
    const { path, message } = item as { path?: unknown; message?: unknown };
    if (typeof message !== 'string') continue;
    const segments = (
      Array.isArray(path) ? path.map(String) : typeof path === 'string' ? path.split('.') : []
    )
      .map((s) => s.trim())
      .filter(Boolean);
    const name = [...segments].reverse().find((segment) => known.has(segment));
    if (name && !fields[name]) fields[name] = message;
    else if (!name) other.push(message);
  }
  return { fields, other };
}
