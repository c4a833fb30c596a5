import { describe, expect, it } from 'vitest';
import { CertificateXmlError, parseCertificateXml } from './certificate-xml.js';
import { parseEaadhaarXml, EaadhaarXmlError } from './eaadhaar-xml.js';

/** API Setu's AcademicCertificateSchema as an issuer writes it: every field an attribute. */
const CBSE_XII =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<Certificate language="99" name="Senior School Certificate" type="HSCER" number="2200451" issuedAt="Delhi" issueDate="02-05-2019" validFromDate="02-05-2019" status="A">\n' +
  '  <IssuedBy><Organization name="Central Board of Secondary Education" code="CBSE" tin="" uid="" type="CG">\n' +
  '    <Address type="" line1="Shiksha Kendra" line2="" house="" landmark="" locality="Preet Vihar" vtc="Delhi" district="East Delhi" pin="110092" state="Delhi" country="IN"/>\n' +
  '  </Organization></IssuedBy>\n' +
  '  <IssuedTo><Person uid="" title="" name="ASHA  VERMA" dob="12-04-2001" swd="RAKESH VERMA" swdIndicator="D" motherName="SUNITA VERMA" gender="F"/></IssuedTo>\n' +
  '  <CertificateData>\n' +
  '    <School name="NAVJYOTI PUBLIC SCHOOL, DWARKA" code="27145"/>\n' +
  '    <Examination name="SENIOR SCHOOL CERTIFICATE EXAMINATION" month="MARCH" year="2019"/>\n' +
  '    <Performance result="PASS" marksTotal="" marksMax="" percentage="92.2" cgpa="" cgpaMax="" grade="" resultDate="02-05-2019" updateDate="">\n' +
  '      <Subjects><Subject name="ENGLISH CORE" code="301" marksTotal="94" grade="A1"/></Subjects>\n' +
  '    </Performance>\n' +
  '  </CertificateData>\n' +
  '</Certificate>';

describe('reading issuers’ certificate XML', () => {
  it('reads the attribute form of the Certificate, with DD-MM-YYYY dates as yyyy-MM-dd', () => {
    expect(parseCertificateXml(CBSE_XII, { issuerId: 'in.gov.cbse' })).toEqual({
      doctype: 'HSCER',
      issuer: { id: 'in.gov.cbse', name: 'Central Board of Secondary Education' },
      person: { name: 'ASHA VERMA', dateOfBirth: '2001-04-12' },
      rollNumber: '2200451',
      year: '2019',
      examination: 'SENIOR SCHOOL CERTIFICATE EXAMINATION',
      school: 'NAVJYOTI PUBLIC SCHOOL, DWARKA',
      state: 'Delhi',
      result: 'PASS, 92.2%',
      issuedOn: '2019-05-02',
    });
  });

  it('reads the element form under a root <xml> (how prism writes the schema)', () => {
    const xml =
      '<xml><CertificateData><Examination><month>MARCH</month><name>SECONDARY SCHOOL EXAMINATION</name>' +
      '<year>2017</year></Examination><Performance><result>PASS</result><cgpa>9.4</cgpa><cgpaMax>10</cgpaMax>' +
      '</Performance><School><name>A SCHOOL</name></School></CertificateData><IssuedBy><Organization>' +
      '<code>CBSE</code><name>Central Board of Secondary Education</name></Organization></IssuedBy>' +
      '<IssuedTo><Person><dob>31-02-2001</dob><name>Sunil Kumar</name></Person></IssuedTo>' +
      '<number>1100044</number><type>sscer</type></xml>';
    expect(parseCertificateXml(xml)).toEqual({
      doctype: 'SSCER',
      issuer: { id: 'CBSE', name: 'Central Board of Secondary Education' },
      // 31 February is not a date: no date rather than a wrong one.
      person: { name: 'Sunil Kumar', dateOfBirth: null },
      rollNumber: '1100044',
      year: '2017',
      examination: 'SECONDARY SCHOOL EXAMINATION',
      school: 'A SCHOOL',
      state: null,
      result: 'PASS, CGPA 9.4/10',
      issuedOn: null,
    });
  });

  it('throws its own error, never a crash, for XML it cannot use', () => {
    const bad = [
      '',
      'not xml at all',
      '<Certificate type="SSCER"><IssuedTo><Person name="A"/></IssuedTo>', // not closed
      '<Certificate type="SSCER" type="HSCER"/>',
      '<?xml version="1.0"?><!DOCTYPE c [<!ENTITY e SYSTEM "file:///etc/passwd">]><Certificate type="SSCER"><IssuedTo><Person name="&e;"/></IssuedTo></Certificate>',
      '<!DOCTYPE lol [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]><Certificate/>',
      '<Certificate type="SSCER"><IssuedTo><Person/></IssuedTo></Certificate>', // no holder
      '<Certificate><IssuedTo><Person name="A"/></IssuedTo></Certificate>', // no doctype
      '<html><body>502 Bad Gateway</body></html>',
      `<Certificate type="SSCER" name="${'a'.repeat(2_000_001)}"/>`,
    ];
    for (const xml of bad)
      expect(() => parseCertificateXml(xml), xml.slice(0, 60)).toThrow(CertificateXmlError);
    // The doctype the caller asked for fills a gap; the holder's name never is.
    expect(parseCertificateXml(bad[7]!, { doctype: 'SSCER' }).doctype).toBe('SSCER');
  });
});

/** DigiLocker's e-Aadhaar (EaadharXamlSchema): KycRes/UidData with Poi and Poa. */
const UID = '567812384821';
const EAADHAAR =
  '<?xml version="1.0" encoding="UTF-8"?>' +
  '<KycRes code="c1" ret="Y" ts="2024-01-15T10:00:00.000+05:30" ttl="2034-01-15T10:00:00" txn="t1"><Rar>eA==</Rar>' +
  `<UidData tkn="t" uid="${UID}"><Poi dob="12-04-2001" gender="F" name="Asha Verma"/>` +
  '<Poa co="D/O Rakesh Verma" country="India" dist="South West Delhi" house="B-42" lm="Near Sector 6 Market" loc="Dwarka" pc="110075" state="Delhi" street="Sector 6" vtc="New Delhi"/>' +
  '<Pht>iVBOR</Pht></UidData></KycRes>';

describe('reading the e-Aadhaar XML', () => {
  it('keeps only the last 4 digits of the number', () => {
    const record = parseEaadhaarXml(EAADHAAR);
    expect(record).toEqual({
      name: 'Asha Verma',
      dateOfBirth: '2001-04-12',
      gender: 'F',
      last4: '4821',
      address: {
        house: 'B-42',
        street: 'Sector 6',
        locality: 'Dwarka',
        district: 'South West Delhi',
        state: 'Delhi',
        pincode: '110075',
      },
      numberHash: null,
    });
    expect(JSON.stringify(record)).not.toContain(UID);
    // With the product's keyed hash, a whole uid comes out as its hash only; a masked one has none.
    const hashed = parseEaadhaarXml(EAADHAAR, { hashNumber: (digits) => `h(${digits.length})` });
    expect(hashed.numberHash).toBe('h(12)');
    // Wrapped under prism's <xml> root, with elements for attributes, and a masked uid.
    const prismForm =
      '<xml><KycRes><UidData><Poi><dob>01-01-1990</dob><gender>M</gender><name>Sunil Kumar</name></Poi>' +
      '<Poa><dist>Pune</dist><pc>411001</pc><state>Maharashtra</state></Poa><uid>xxxxxxxx1234</uid></UidData></KycRes></xml>';
    expect(parseEaadhaarXml(prismForm, { hashNumber: () => 'never' })).toMatchObject({
      name: 'Sunil Kumar',
      gender: 'M',
      last4: '1234',
      numberHash: null,
    });
  });

  it('never lets the number out, in a value or an error', () => {
    const variants = [
      EAADHAAR.replace('ret="Y"', 'ret="N"'),
      EAADHAAR.replace('dob="12-04-2001"', 'dob="2001"'),
      EAADHAAR.replace('gender="F"', 'gender="X"'),
      EAADHAAR.replace(' name="Asha Verma"', ''),
      EAADHAAR.replace(`uid="${UID}"`, `uid="${UID}9"`),
      EAADHAAR.replace('house="B-42"', `house="${UID}"`),
      EAADHAAR.replace('street="Sector 6"', 'street="5678 1238 4821"'),
      EAADHAAR.replace('</KycRes>', ''),
      `<!DOCTYPE x [<!ENTITY u "${UID}">]>${EAADHAAR.replace(/^<\?xml[^>]*\?>/, '')}`,
    ];
    for (const xml of variants) {
      let error: unknown;
      try {
        parseEaadhaarXml(xml);
      } catch (e) {
        error = e;
      }
      expect(error, xml.slice(0, 80)).toBeInstanceOf(EaadhaarXmlError);
      expect(String((error as Error).message)).not.toMatch(/\d{4}\s?\d{4}\s?\d{4}/);
      expect(JSON.stringify(error)).not.toContain(UID);
      expect(String((error as Error).stack)).not.toContain(UID);
    }
  });
});
