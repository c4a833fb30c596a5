import { RETENTION_DEFAULT_DAYS } from '@veridocs/shared';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from './ledger-fns.js';
import { NOTICE_CATALOGUES, renderNotice, type NoticeInput } from './notice-fns.js';

const input = (over: Partial<NoticeInput> = {}): NoticeInput => ({
  language: 'en',
  organisation: 'University of Delhi',
  form: 'Admissions 2031',
  verificationTypes: ['aadhaar', 'bgv-degree', 'bgv-degree~2', 'bgv-twelfth'],
  partner: null,
  purposes: ['contact_institutions', 'wallet'],
  retentionDays: RETENTION_DEFAULT_DAYS,
  grievance: {
    name: 'Asha Menon, Grievance Officer',
    email: 'grievance@veridocs.example',
    phone: '+91 80 4000 0000',
  },
  ...over,
});

describe('the privacy notice (ADR 0049)', () => {
  it('itemises the form’s data, each purpose, recipients, retention, rights, withdrawal and the officer', () => {
    const notice = renderNotice(input());
    expect(notice.sections.map((s) => s.key)).toEqual([
      'data',
      'purposes',
      'recipients',
      'retention',
      'rights',
      'withdrawal',
      'grievance',
    ]);
    const text = notice.text;
    expect(notice.title).toBe('Privacy notice: University of Delhi, Admissions 2031');
    expect(text).toContain('Identity (Aadhaar)');
    expect(text).toContain('The full number is never stored.');
    // The degree is listed once however many instances the form has; types the form lacks are not.
    expect(text.match(/^- Degree:/gm)).toHaveLength(1);
    expect(text).toContain('- 12th:');
    expect(text).not.toContain('- 10th:');
    expect(text).not.toContain('passport');
    expect(text).toContain(
      'To give the result and the verification report to University of Delhi. (required)',
    );
    expect(text).toContain('ask them to confirm. (optional)');
    // No partner on this form: neither the purpose nor the recipient.
    expect(text).not.toContain('evaluation partner');
    expect(text).toContain('Documents you upload: 180 days after your request closes.');
    expect(text).toContain('Your Aadhaar photo and address: 30 days');
    expect(text).toContain('Payment and tax records: 8 years');
    expect(text).toContain('Reports already given to University of Delhi stay with it');
    expect(text).toContain('Asha Menon, Grievance Officer, grievance@veridocs.example, +91 80 4000 0000');
    expect(text).not.toMatch(/\{\w+\}/);
    expect(notice.hash).toBe(sha256Hex(text));
  });

  it('names the partner only on a form with one, and Aadhaar retention only when Aadhaar is asked', () => {
    const withPartner = renderNotice(input({ partner: 'WES', purposes: ['report_partner'] })).text;
    expect(withPartner).toContain('To send the result to WES, the evaluation partner you name. (optional)');
    expect(withPartner).toContain('- WES, the evaluation partner you name.');
    expect(withPartner).not.toContain('institutions and employers named in them');
    const noAadhaar = renderNotice(input({ verificationTypes: ['passport'] })).text;
    expect(noAadhaar).not.toContain('Aadhaar photo');
    expect(noAadhaar).toContain('Identity (passport)');
  });

  it('the same notice hashes the same; any change of words, language or period gives a new identity', () => {
    const base = renderNotice(input());
    expect(renderNotice(input()).hash).toBe(base.hash);
    const changed = [
      input({ language: 'hi' }),
      input({ organisation: 'University of Mumbai' }),
      input({ form: 'Admissions 2032' }),
      input({ verificationTypes: ['aadhaar', 'bgv-degree'] }),
      input({ purposes: ['wallet'] }),
      input({ retentionDays: { ...RETENTION_DEFAULT_DAYS, uploaded_documents: 365 } }),
      input({ grievance: { ...input().grievance, phone: '+91 80 4000 0001' } }),
    ];
    for (const other of changed) expect(renderNotice(other).hash).not.toBe(base.hash);
  });

  it('reads in Hindi with every sentence translated and the same structure', () => {
    const en = renderNotice(input());
    const hi = renderNotice(input({ language: 'hi' }));
    expect(hi.title).toBe('गोपनीयता सूचना: University of Delhi, Admissions 2031');
    expect(hi.sections.map((s) => [s.key, s.lines.length])).toEqual(
      en.sections.map((s) => [s.key, s.lines.length]),
    );
    expect(hi.text).toContain('(आवश्यक)');
    expect(hi.text).not.toMatch(/\{\w+\}/);
    // Every key of the English catalogue has a Hindi sentence, and none is left in English.
    const keys = (c: object, prefix = ''): string[] =>
      Object.entries(c).flatMap(([k, v]) =>
        typeof v === 'object' && !Array.isArray(v) ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
      );
    expect(keys(NOTICE_CATALOGUES.hi)).toEqual(keys(NOTICE_CATALOGUES.en));
    const english = keys(NOTICE_CATALOGUES.en);
    const at = (c: object, path: string) =>
      path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], c);
    for (const key of english)
      if (key !== 'grievance')
        expect(at(NOTICE_CATALOGUES.hi, key), key).not.toEqual(at(NOTICE_CATALOGUES.en, key));
  });
});
