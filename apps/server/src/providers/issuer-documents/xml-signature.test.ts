import { readFileSync } from 'node:fs';
import { SignedXml } from 'xml-crypto';
import { describe, expect, it } from 'vitest';
import { parseCertificateXml } from './certificate-xml.js';
import { signXml, verifySignedXml, verifyXmlSignature } from './xml-signature.js';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const SANDBOX = { keyPem: read('./sandbox-issuer/key.pem'), certPem: read('./sandbox-issuer/cert.pem') };
const OTHER = {
  keyPem: read('./test-fixtures/other-key.pem'),
  certPem: read('./test-fixtures/other-cert.pem'),
};
const ANCHORS = [SANDBOX.certPem];

const CERTIFICATE =
  '<?xml version="1.0" encoding="UTF-8"?>' +
  '<Certificate language="99" name="Secondary School Certificate" type="SSCER" number="1100040" issueDate="03-06-2017">' +
  '<IssuedBy><Organization name="Central Board of Secondary Education" code="CBSE"><Address state="Delhi"/></Organization></IssuedBy>' +
  '<IssuedTo><Person name="ASHA VERMA" dob="12-04-2001" gender="F"/></IssuedTo>' +
  '<CertificateData><Examination name="SECONDARY SCHOOL EXAMINATION" month="MARCH" year="2017"/>' +
  '<Performance result="PASS" cgpa="9.4" cgpaMax="10"/></CertificateData></Certificate>';

/** The base64 of a PEM certificate (what KeyInfo carries). */
const base64Of = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');

describe('issuer XML signatures (enveloped, RSA-SHA256, exclusive c14n, trust anchors)', () => {
  it('accepts a document signed by a trust anchor and gives the XML the signature covers', () => {
    const signed = signXml(CERTIFICATE, SANDBOX);
    expect(signed).toContain('<X509Certificate>');
    expect(signed).toContain('Reference URI=""');
    const { check, signedXml } = verifySignedXml(signed, ANCHORS);
    expect(check).toEqual({ valid: true, signer: 'Veridocs Sandbox Issuer', reason: null });
    expect(signedXml).not.toContain('Signature');
    expect(parseCertificateXml(signedXml!).person.name).toBe('ASHA VERMA');
  });

  it('finds a changed field invalid', () => {
    const signed = signXml(CERTIFICATE, SANDBOX);
    for (const tampered of [
      signed.replace('name="ASHA VERMA"', 'name="MALLORY VERMA"'),
      signed.replace('year="2017"', 'year="2019"'),
      signed.replace('<Performance result="PASS"', '<Performance result="PASS" percentage="99"'),
    ]) {
      expect(tampered).not.toBe(signed);
      expect(verifyXmlSignature(tampered, ANCHORS)).toEqual({
        valid: false,
        signer: 'Veridocs Sandbox Issuer',
        reason: 'invalid',
      });
    }
  });

  it('does not trust another key, even when KeyInfo presents a trusted certificate', () => {
    const other = signXml(CERTIFICATE, OTHER);
    expect(verifyXmlSignature(other, ANCHORS)).toEqual({
      valid: false,
      signer: 'Some Other Issuer',
      reason: 'untrusted',
    });
    // Signed with the other key but claiming the sandbox's certificate: the anchor's key says no.
    const forged = other.replace(base64Of(OTHER.certPem), base64Of(SANDBOX.certPem));
    expect(forged).not.toBe(other);
    expect(verifyXmlSignature(forged, ANCHORS)).toMatchObject({ valid: false, reason: 'invalid' });
    // With no anchors nothing is trusted; with the other one among them, its document is.
    expect(verifyXmlSignature(signXml(CERTIFICATE, SANDBOX), [])).toMatchObject({ reason: 'untrusted' });
    expect(verifyXmlSignature(other, [SANDBOX.certPem, OTHER.certPem])).toMatchObject({ valid: true });
  });

  it('tells an unsigned document, and refuses what is not XML', () => {
    expect(verifyXmlSignature(CERTIFICATE, ANCHORS)).toEqual({
      valid: false,
      signer: null,
      reason: 'unsigned',
    });
    expect(verifyXmlSignature('not xml', ANCHORS)).toMatchObject({ valid: false, reason: 'invalid' });
    const withDoctype = signXml(CERTIFICATE, SANDBOX).replace(
      '<Certificate ',
      '<!DOCTYPE Certificate [<!ENTITY x "y">]><Certificate ',
    );
    expect(verifyXmlSignature(withDoctype, ANCHORS)).toMatchObject({ valid: false, reason: 'invalid' });
  });

  it('refuses signature wrapping: a moved signed document, a second signature, a reference by id', () => {
    const signed = signXml(CERTIFICATE, SANDBOX);
    const body = signed.replace(/^<\?xml[^>]*\?>/, '');
    // The signed certificate tucked inside a forged one: its signature still verifies where it is,
    // but it is not the document's.
    const wrapped =
      '<Certificate type="SSCER" number="9999999"><IssuedTo><Person name="MALLORY"/></IssuedTo>' +
      `<Extension>${body}</Extension></Certificate>`;
    expect(verifyXmlSignature(wrapped, ANCHORS)).toMatchObject({ valid: false, reason: 'invalid' });

    const signature = /<Signature[\s\S]*<\/Signature>/.exec(signed)![0];
    const twice = signed.replace('</Certificate>', `<Copy>${signature}</Copy></Certificate>`);
    expect(verifyXmlSignature(twice, ANCHORS)).toMatchObject({ valid: false, reason: 'invalid' });

    // A valid signature of one element (by ID), with forged content beside it.
    const partial =
      '<Certificate type="SSCER"><IssuedTo><Person name="MALLORY"/></IssuedTo>' +
      '<CertificateData ID="data"><Examination year="2017"/></CertificateData></Certificate>';
    const byId = new SignedXml({
      privateKey: SANDBOX.keyPem,
      publicCert: SANDBOX.certPem,
      signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
      canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
    });
    byId.addReference({
      xpath: "//*[@ID='data']",
      transforms: [
        'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
        'http://www.w3.org/2001/10/xml-exc-c14n#',
      ],
      digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    });
    byId.computeSignature(partial, { location: { reference: '/*', action: 'append' } });
    const referenced = byId.getSignedXml();
    expect(referenced).toContain('URI="#data"');
    expect(verifyXmlSignature(referenced, ANCHORS)).toMatchObject({ valid: false, reason: 'invalid' });
  });

  it('refuses SHA-1 signatures', () => {
    const sha1 = new SignedXml({
      privateKey: SANDBOX.keyPem,
      publicCert: SANDBOX.certPem,
      signatureAlgorithm: 'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
      canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
    });
    sha1.addReference({
      xpath: '/*',
      transforms: [
        'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
        'http://www.w3.org/2001/10/xml-exc-c14n#',
      ],
      digestAlgorithm: 'http://www.w3.org/2000/09/xmldsig#sha1',
      isEmptyUri: true,
    });
    sha1.computeSignature(CERTIFICATE, { location: { reference: '/*', action: 'append' } });
    expect(verifyXmlSignature(sha1.getSignedXml(), ANCHORS)).toMatchObject({
      valid: false,
      reason: 'invalid',
    });
  });
});
