import type { Clock } from '../../lib/clock.js';
import { DocumentNotFound } from '../digilocker/digilocker-provider.js';
import {
  findSandboxCertificate,
  sandboxCertificatePdf,
  sandboxCertificateXml,
} from '../issuer-documents/sandbox-records.js';
import type { ApiSetuProvider } from './apisetu-provider.js';
import { CertificateOnlyAsPdf, SourceRefused } from './apisetu-provider.js';
import { API_SETU_ISSUERS, findDoctype, type ApiSetuIssuer } from './issuers.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const tokens = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean);

/**
 * The sandbox issuers' loose name match (each issuer has its own; this one is documented in the
 * README): case, punctuation, accents and word order do not matter, an initial stands for a word
 * starting with it ("Priya K. Nair" for PRIYA KRISHNAN NAIR), and a middle name may be left out; every
 * word given must match a different word of the record, and one word alone matches only a one-word name.
 */
export function looselySameName(given: string, recorded: string): boolean {
  const want = tokens(given);
  const have = tokens(recorded);
  if (want.length === 0 || (want.length === 1 && have.length > 1)) return false;
  const used = new Set<number>();
  const take = (ok: (word: string) => boolean) => {
    const index = have.findIndex((word, i) => !used.has(i) && ok(word));
    if (index >= 0) used.add(index);
    return index >= 0;
  };
  // Whole words first, so that an initial does not take the word another given word needs.
  const initials = want.filter((w) => w.length === 1);
  const words = want.filter((w) => w.length > 1);
  return (
    words.every((w) => take((h) => h === w || (h.length === 1 && w.startsWith(h)))) &&
    initials.every((i) => take((h) => h.startsWith(i)))
  );
}

/**
 * The embedded API Setu (issue 26): the issuers of issuers.ts answering from sandbox-records.ts. A
 * record is found by issuer, doctype, roll (or registration) number and year, and the FullName must
 * match it loosely, else DocumentNotFound (the real APIs' 404 "No record found"); a txnId or consent id
 * that is not a UUID, a missing parameter or an expired consent is SourceRefused (their 400). A doctype
 * whose API answers only PDF (the university's degree) answers CertificateOnlyAsPdf, as the real one would.
 */
export function createSandboxApiSetuProvider(
  now: Clock,
  issuers: readonly ApiSetuIssuer[] = API_SETU_ISSUERS,
): ApiSetuProvider {
  return {
    name: 'sandbox',
    issuers: () => issuers,
    async pullCertificate(params) {
      const found = findDoctype(issuers, params.issuerId, params.doctype);
      if (!found) throw new SourceRefused('This installation does not ask that issuer for that document');
      if (!UUID.test(params.requestId)) throw new SourceRefused('The txnId parameter must be in UUID format');
      if (!UUID.test(params.consent.consentId))
        throw new SourceRefused('The consentId parameter must be in UUID format');
      if (!params.fullName.trim() || !params.rollNumber.trim() || !params.year.trim())
        throw new SourceRefused('Please provide all mandatory parameters');
      const expiry = Date.parse(params.consent.expiry);
      if (!Number.isFinite(expiry) || expiry + 86_400_000 <= now().getTime())
        throw new SourceRefused('The consent has expired');
      const record = findSandboxCertificate({
        apisetuIssuerId: found.issuer.id,
        doctype: found.doctype.doctype,
        rollNumber: params.rollNumber,
        year: params.year,
      });
      if (!record || !looselySameName(params.fullName, record.holder.name))
        throw new DocumentNotFound('No record found');
      if (found.doctype.format === 'pdf') throw new CertificateOnlyAsPdf(await sandboxCertificatePdf(record));
      return { xml: sandboxCertificateXml(record) };
    },
  };
}
