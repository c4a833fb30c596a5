import {
  API_PATHS,
  INSTITUTION_API_PATHS,
  type AddContact,
  type ConfirmContactResponse,
  type CreateInstitution,
  type Institution,
  type InstitutionList,
  type InstitutionListQuery,
  type UpdateInstitution,
} from '@veridocs/shared';
import { AppError, validationFailed } from '../../errors.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import { isUuid } from '../../lib/ids.js';
import type { OpsOrigin, OpsUser } from '../ops-auth/ops-auth-service.js';
import type { InstitutionsDeps } from './institutions-deps.js';
import { nameKeyOf } from './institutions-fns.js';
import type { ContactRow, InstitutionRow } from './institutions-repository.js';

/** A contact's confirmation link lives this long. */
export const CONFIRM_LINK_DAYS = 7;
const REFERENCE_SOURCE = {
  institute: API_PATHS.utility.institutes,
  board: API_PATHS.utility.boards,
} as const;

export const contactView = (c: ContactRow) => ({
  id: c.id,
  email: c.email,
  confirmed: c.confirmedAt !== null,
  batchDaily: c.batchDaily,
});

/** An entry as the directory shows it, with its contacts and turnaround figures. */
export function institutionView(
  row: InstitutionRow,
  contacts: readonly ContactRow[],
  open: { open: number; oldestOpenAt: Date | null } | undefined,
): Institution {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    refValue: row.refValue,
    method: row.method,
    feePaise: row.feePaise,
    notes: row.notes,
    contacts: contacts.filter((c) => c.institutionId === row.id).map(contactView),
    turnaround: {
      sent: row.requestsSent,
      answered: row.requestsAnswered,
      responseRate: row.requestsSent > 0 ? row.requestsAnswered / row.requestsSent : null,
      medianDays: row.medianDays,
      p90Days: row.p90Days,
      open: open?.open ?? 0,
      oldestOpenAt: open?.oldestOpenAt?.toISOString() ?? null,
    },
  };
}

/**
 * The institution directory (issue 27): admins add institutes and boards of the reference data (by
 * value) and employers (by name), their method, fee and notes, and contact addresses confirmed by a
 * link; verifiers read it. Every write is audited.
 */
export function createDirectoryService(deps: InstitutionsDeps) {
  const { directory, now } = deps;
  const idOf = (id: string) => {
    if (!isUuid(id)) throw new AppError('INSTITUTION_NOT_FOUND');
    return id.toLowerCase();
  };

  async function view(row: InstitutionRow): Promise<Institution> {
    const [contacts, open] = await Promise.all([directory.contactsOf([row.id]), directory.openOf([row.id])]);
    return institutionView(row, contacts, open.get(row.id));
  }

  async function existing(id: string): Promise<InstitutionRow> {
    const row = await directory.find(idOf(id));
    if (!row) throw new AppError('INSTITUTION_NOT_FOUND');
    return row;
  }

  const audit = (staff: OpsUser, origin: OpsOrigin, action: string, targetId: string, detail = {}) =>
    deps.auth.audit({
      staffId: staff.staffId,
      action,
      targetType: 'institution',
      targetId,
      detail,
      ip: origin.ip,
    });

  return {
    async list(query: InstitutionListQuery): Promise<InstitutionList> {
      const { rows, total } = await directory.list(query);
      const contacts = await directory.contactsOf(rows.map((r) => r.id));
      return { items: rows.map((r) => institutionView(r, contacts, r)), total };
    },

    /** Adds an entry (idempotent on the reference value or the employer's name). */
    async create(staff: OpsUser, body: CreateInstitution, origin: OpsOrigin): Promise<Institution> {
      let name: string;
      let refValue: string | null = null;
      if (body.kind === 'employer') name = body.name.replace(/\s+/g, ' ');
      else {
        const names = await deps.reference.resolve(REFERENCE_SOURCE[body.kind], [body.refValue]);
        const found = names.get(body.refValue);
        if (!found)
          throw validationFailed([
            {
              path: 'refValue',
              message: `There is no ${body.kind} "${body.refValue}" in the reference data`,
            },
          ]);
        name = found;
        refValue = body.refValue;
      }
      const at = now();
      const { row, created } = await directory.insertOnce({
        kind: body.kind,
        refValue,
        name,
        nameKey: nameKeyOf(name),
        createdAt: at,
        updatedAt: at,
      });
      if (created) await audit(staff, origin, 'institution.create', row.id, { kind: row.kind, name });
      return view(row);
    },

    async update(
      staff: OpsUser,
      id: string,
      body: UpdateInstitution,
      origin: OpsOrigin,
    ): Promise<Institution> {
      await existing(id);
      const row = await directory.update(idOf(id), { ...body, updatedAt: now() });
      if (!row) throw new AppError('INSTITUTION_NOT_FOUND');
      await audit(staff, origin, 'institution.update', row.id, body);
      return view(row);
    },

    /** Adds a contact and e-mails it a confirmation link (7 days); requests go to it once confirmed. */
    async addContact(staff: OpsUser, id: string, body: AddContact, origin: OpsOrigin): Promise<Institution> {
      const row = await existing(id);
      const token = randomToken(32);
      const at = now();
      const contact = await directory.upsertContact({
        institutionId: row.id,
        email: body.email,
        batchDaily: body.batchDaily,
        confirmTokenHash: sha256Hex(token),
        confirmExpiresAt: new Date(at.getTime() + CONFIRM_LINK_DAYS * 86_400_000),
        createdAt: at,
      });
      const link = `${deps.publicUrl}${INSTITUTION_API_PATHS.confirmPage}?t=${token}`;
      await deps.mailer.send({
        to: contact.email,
        subject: `Confirm your address for verification requests to ${row.name}`,
        text:
          `The verification team added this address as a contact of ${row.name} for verification ` +
          `requests. Open this link within ${CONFIRM_LINK_DAYS} days to confirm it:\n\n${link}\n\n` +
          'If you did not expect this e-mail, ignore it: nothing is sent here until the address is confirmed.',
      });
      await audit(staff, origin, 'institution.contact.add', row.id, {
        contactId: contact.id,
        email: contact.email,
      });
      return view(row);
    },

    async removeContact(
      staff: OpsUser,
      id: string,
      contactId: string,
      origin: OpsOrigin,
    ): Promise<Institution> {
      const row = await existing(id);
      if (!isUuid(contactId) || !(await directory.removeContact(row.id, contactId.toLowerCase(), now())))
        throw new AppError('INSTITUTION_NOT_FOUND', 'This institution has no such contact');
      await audit(staff, origin, 'institution.contact.remove', row.id, {
        contactId: contactId.toLowerCase(),
      });
      return view(row);
    },

    /** The contact's confirmation link (public): once, within its days. */
    async confirmContact(token: string): Promise<ConfirmContactResponse> {
      const contact = await directory.confirmContact(sha256Hex(token), now());
      if (!contact) throw new AppError('RESPONSE_LINK_INVALID');
      const row = await directory.find(contact.institutionId);
      return { email: contact.email, institution: row?.name ?? '' };
    },
  };
}
export type DirectoryService = ReturnType<typeof createDirectoryService>;
