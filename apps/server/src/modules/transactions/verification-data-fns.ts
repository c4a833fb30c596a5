import {
  FILE_LIMITS,
  FILE_TEXT,
  MIME_BY_SUBTYPE,
  PROFILE_NAME_FIELDS,
  isReadOnlyField,
  verificationTypeOf,
  withCandidateIdFormats,
  type DynamicInputField,
  type FormDataCheck,
  type FormDataIssue,
  type VerificationConfig,
} from '@veridocs/shared';
import type { AttachedFile, FileForTransaction } from '../files/files-service.js';

/**
 * Pure helpers over a verification's config and its saved data (ADR 0006 "Saved data", ADR 0009):
 * which fields a config has, which of them hold files, and what the file checks say. The database side
 * of the checks is saved-data-checks.ts.
 */

export const FILE_INPUTS: readonly string[] = ['file', 'live-cam-with-geolocation'];
export const NO_SUCH_FILE = 'This file does not exist';
/** The key of a record's data where the server writes how it was verified at the source (issue 26). */
export const ISSUER_SOURCE_KEY = 'issuerSource';

/** What a source-verified record keeps of its source (never written by the candidate: checkFormData refuses unknown keys). */
export interface IssuerSourceMark {
  /** institution: its registrar or HR answered the team's request (issue 27; pullId is the answer's id). */
  channel: 'digilocker' | 'apisetu' | 'institution';
  issuer: string;
  doctype: string;
  pullId: string;
  at: string;
  /**
   * The issuer's result line on the certificate (marks, division, CGPA or PASS, as written), shown to the
   * candidate read-only: the spec's forms have no such field, so it travels with the mark.
   */
  result?: string;
  /** Who answered for the institution (channel 'institution' only). */
  responder?: { name: string; designation: string };
  /** Why the team completed from an answer that differs (issue 27): the verifier's note. */
  note?: string;
}

export const FILE_TAKEN = 'This file is part of another verification request; upload it again here';
export const OTP_ONLY_MESSAGE = 'Aadhaar is verified only by an OTP sent to your Aadhaar-linked mobile';
/** UTC+14 (Line Islands): no calendar on Earth is ahead of it. */
export const LATEST_UTC_OFFSET_MS = 14 * 60 * 60 * 1000;

/** A verification's config: by its own name, else by its type ("bgv-degree~2" → "bgv-degree"). */
export function configFor(
  configs: ReadonlyMap<string, VerificationConfig>,
  name: string,
): VerificationConfig | undefined {
  return configs.get(name) ?? configs.get(verificationTypeOf(name));
}

/**
 * The inputs of a config's chosen auth option (by subType, else the first), the candidate ID carrying
 * its format by institute (candidateIdSchemaByInstitute), as the web form reads them.
 */
export function configFields(
  config: VerificationConfig,
  subType: string | null | undefined,
): DynamicInputField[] {
  const option = config.authOptions.find((o) => o.type === subType) ?? config.authOptions[0];
  if (!option) return [];
  return withCandidateIdFormats(
    option.page.config.flatMap((section) => section.inputs),
    option.candidateIdSchemaByInstitute,
  );
}

/** Every input of a config (all its options). */
function allInputs(config: VerificationConfig): DynamicInputField[] {
  return config.authOptions.flatMap((o) => o.page.config.flatMap((c) => c.inputs));
}

/** Every file field of a config (all its options). */
export function fileFieldNames(config: VerificationConfig): string[] {
  return allInputs(config)
    .filter((f) => FILE_INPUTS.includes(f.inputType))
    .map((f) => f.fieldName);
}

/** Whether a stored file's detected type is one of the field's subtypes (the spec's four by default). */
export function fileTypeAllowed(mimeType: string, field: DynamicInputField): boolean {
  const subtypes = field.allowedFileTypes ?? FILE_LIMITS.allowedTypes;
  return subtypes.some((subtype) => MIME_BY_SUBTYPE[subtype.toLowerCase()] === mimeType);
}

/** The `{ fileId }` items of a stored file value (one item or a list). */
export function fileItems(value: unknown): { fileId: string }[] {
  const items = Array.isArray(value) ? value : [value];
  return items.filter(
    (i): i is { fileId: string } =>
      typeof i === 'object' && i !== null && typeof (i as { fileId?: unknown }).fileId === 'string',
  );
}

/** The file ids a record's data holds (every file field of its config). */
export function recordFileIds(config: VerificationConfig, data: Record<string, unknown>): string[] {
  return fileFieldNames(config).flatMap((name) => fileItems(data[name]).map((i) => i.fileId));
}

/** The first file field with a value (where a lost race for a file is reported). */
export function fileFieldOf(
  config: VerificationConfig,
  subType: string | null,
  data: Record<string, unknown>,
): string {
  const field = configFields(config, subType).find(
    (f) => FILE_INPUTS.includes(f.inputType) && data[f.fieldName] !== undefined,
  );
  return field?.fieldName ?? 'files';
}

/** The read-only name fields of a form, filled with the profile's name (the server's, never the body's). */
export function profileNameValues(
  fields: readonly DynamicInputField[],
  readOnlyFields: readonly string[],
  profileName: string,
): Record<string, string> {
  return Object.fromEntries(
    fields
      .filter((f) => isReadOnlyField(f, readOnlyFields) && PROFILE_NAME_FIELDS.includes(f.fieldName))
      .map((f) => [f.fieldName, profileName]),
  );
}

/** Stored data without the chosen option's read-only fields: the server fills those again. */
export function withoutReadOnly(
  config: VerificationConfig,
  subType: string | null,
  data: Record<string, unknown>,
): Record<string, unknown> {
  const readOnly = config.readOnly?.profile ?? [];
  const out = { ...data };
  for (const f of configFields(config, subType)) {
    if (isReadOnlyField(f, readOnly)) delete out[f.fieldName];
  }
  return out;
}

/**
 * What the files named in a body are refused for, one issue per field (its first refused file): not the
 * candidate's (or unknown), another transaction's, or of a type the field does not take.
 */
export function fileIssues(
  named: FormDataCheck['files'],
  found: ReadonlyMap<string, FileForTransaction>,
  fields: readonly DynamicInputField[],
): FormDataIssue[] {
  const byName = new Map(fields.map((f) => [f.fieldName, f]));
  const byField = new Map<string, string>();
  for (const { field, fileId } of named) {
    const entry = found.get(fileId);
    const rule = byName.get(field);
    let message: string | null = null;
    if (!entry) message = NO_SUCH_FILE;
    else if (entry.otherTransaction) message = FILE_TAKEN;
    else if (rule && !fileTypeAllowed(entry.file.mimeType, rule))
      message = FILE_TEXT.wrongType(rule.allowedFileTypes ?? FILE_LIMITS.allowedTypes);
    if (message && !byField.has(field)) byField.set(field, message);
  }
  return [...byField].map(([field, message]) => ({ field, message }));
}

/** Issues in the order of the form's fields (stable; a field the form lacks goes last). */
export function inFieldOrder<T extends { field: string }>(
  issues: readonly T[],
  fields: readonly DynamicInputField[],
): T[] {
  const order = new Map(fields.map((f, i) => [f.fieldName, i]));
  const rank = (field: string) => order.get(field) ?? Number.MAX_SAFE_INTEGER;
  return [...issues].sort((a, b) => rank(a.field) - rank(b.field));
}

/** The config's file fields that saved data has a value for (in the config's order, repeats possible). */
export function savedFileFields(config: VerificationConfig, data: Record<string, unknown>): string[] {
  return fileFieldNames(config).filter((name) => data[name] !== undefined);
}

/**
 * Saved data as the candidate sees it, given the files table's descriptions of its files: only the
 * config's fields (a key stored before the checks existed is not shown); each stored `{ fileId }` (a
 * camera photo's `geolocation` kept) replaced by its description; a file not described (not the
 * candidate's or not linked to this transaction) left out, so the form asks for it again.
 */
export function withFileVerdicts(
  config: VerificationConfig,
  data: Record<string, unknown>,
  described: ReadonlyMap<string, AttachedFile>,
): Record<string, unknown> {
  const known = new Set(allInputs(config).map((f) => f.fieldName));
  const out = Object.fromEntries(Object.entries(data).filter(([key]) => known.has(key)));
  const show = (item: unknown) => {
    const id = fileItems(item)[0]?.fileId;
    const file = id ? described.get(id) : undefined;
    if (!file) return undefined;
    const { geolocation } = item as { geolocation?: unknown };
    return geolocation === undefined ? { ...file } : { ...file, geolocation };
  };
  for (const name of new Set(savedFileFields(config, data))) {
    const value = data[name];
    const shown = Array.isArray(value) ? value.map(show).filter((i) => i !== undefined) : show(value);
    if (shown === undefined) delete out[name];
    else out[name] = shown;
  }
  return out;
}
