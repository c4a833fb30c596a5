import {
  API_PATHS,
  verificationInfoSchema,
  type SaveVerificationDataRequest,
  type VerificationInfo,
} from '@veridocs/shared';
import { http } from '../../lib/api-client';
import { config } from '../../lib/config';

/** Verification v1 calls of the /verification screen (spec §7 "Verification and forms"). */
const v1 = (path: string) => `${config.services.verificationV1}${path}`;

export interface VerificationRef {
  orgId: string;
  txnId: string;
  name: string;
}

/** GET /transactions/{name}/info?orgId&txnId: the verification, its config and the saved input. */
export async function fetchVerificationInfo(ref: VerificationRef): Promise<VerificationInfo> {
  const query = new URLSearchParams({ orgId: ref.orgId, txnId: ref.txnId });
  // The screen shows a failure itself.
  const data = await http.get<unknown>(
    `${v1(API_PATHS.verification.typeInfo(ref.name))}?${query.toString()}`,
    {
      noSnackbar: true,
    },
  );
  return verificationInfoSchema.parse(data);
}

/** PUT /bgv: saves what the candidate has typed so far (DATA_SAVED). The status line reports failures. */
export function saveVerificationData(body: SaveVerificationDataRequest): Promise<unknown> {
  return http.put<unknown>(v1(API_PATHS.verification.bgv), body, { noSnackbar: true });
}

/** POST /bgv: submits the verification (READY_TO_SUBMIT); the server runs the same field checks. */
export function submitVerificationData(body: SaveVerificationDataRequest): Promise<unknown> {
  return http.post<unknown>(v1(API_PATHS.verification.bgv), body, { noSnackbar: true });
}

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
