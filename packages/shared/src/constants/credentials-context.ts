import { CREDENTIAL_TYPES } from '../schemas/credentials.js';

/**
 * The JSON-LD context of the credentials' own terms (issue 30 §3, ADR 0031 "JSON-LD"). Its IRI is the
 * product's, not a deployment's, so it never changes with PUBLIC_URL; every server also serves it at
 * `CREDENTIALS_CONTEXT_PATH`, and a verifier that must not go to the network loads it from here.
 * Versioned: a change that alters a term's meaning is a new version with a new IRI.
 */
export const CREDENTIALS_CONTEXT_V1_URL = 'https://veridocs.in/contexts/credentials/v1';
const VD = `${CREDENTIALS_CONTEXT_V1_URL}#`;

const term = (name: string) => ({ '@id': `${VD}${name}` });

export const CREDENTIALS_CONTEXT_V1 = {
  '@context': {
    '@version': 1.1,
    '@protected': true,
    ...Object.fromEntries(CREDENTIAL_TYPES.map((type) => [type, { '@id': `${VD}${type}` }])),
    credentialType: term('credentialType'),
    // The attested facts, a map of short strings whose names vary by verification: kept whole as a
    // JSON literal (their meaning is the credential type's), so expansion never drops one.
    credentialAttributes: { '@id': `${VD}credentialAttributes`, '@type': '@json' },
    // The evidence of a verification made at the source (VC Data Model 1.1 §5.6).
    DocumentVerification: { '@id': `${VD}DocumentVerification` },
    verificationMethod: term('verificationMethod'),
    documentIssuer: term('documentIssuer'),
    confirmedBy: term('confirmedBy'),
    channel: term('channel'),
    documentType: term('documentType'),
    documentPresence: term('documentPresence'),
    evidenceDate: { '@id': `${VD}evidenceDate`, '@type': 'http://www.w3.org/2001/XMLSchema#dateTime' },
  },
} as const;
