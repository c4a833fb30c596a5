import { afterEach, describe, expect, it } from 'vitest';
import type { VerificationConfig } from '@veridocs/shared';
import { setLanguage } from '../../../i18n';
import { ruleText } from '../rules/rule-text';
import { localiseConfig, localiseLabel } from './localise-config';

const config: VerificationConfig = {
  name: 'bgv-degree',
  metadata: { label: 'Degree', orgSpecificName: null, iconUrl: null },
  additionalInfo: { authOptions: ['manual'], acceptMultipleSubmissions: true, category: 'Education' },
  authOptions: [
    {
      type: 'manual',
      label: 'Enter details',
      page: {
        config: [
          {
            title: 'Degree details',
            inputs: [
              { fieldName: 'nameOnDegree', label: 'Name as on degree', inputType: 'text', required: true },
              {
                fieldName: 'degree',
                label: 'Degree',
                inputType: 'text',
                placeholder: 'e.g. B.Tech in Computer Science',
              },
              {
                fieldName: 'pincode',
                label: 'Pincode',
                inputType: 'text',
                validation: { fn: 'PINCODE', message: 'Pincode must be 6 digits' },
              },
              { fieldName: 'motto', label: 'Our own motto', inputType: 'text' },
            ],
          },
        ],
      },
    },
  ],
};

afterEach(() => setLanguage('en', { persist: false }));

describe('a config in the reader language', () => {
  it("shows the demo configs' texts in Hindi, keeps names and rules, and an unknown text as written", async () => {
    await setLanguage('hi', { persist: false });
    const hi = localiseConfig(config, ruleText);
    expect(hi.metadata.label).toBe('डिग्री');
    expect(hi.authOptions[0]!.label).toBe('विवरण दर्ज करें');
    const section = hi.authOptions[0]!.page.config[0]!;
    expect(section.title).toBe('डिग्री का विवरण');
    expect(section.inputs.map((i) => i.label)).toEqual([
      'डिग्री पर लिखा नाम',
      'डिग्री',
      'पिनकोड',
      'Our own motto',
    ]);
    expect(section.inputs[1]!.placeholder).toBe('जैसे कंप्यूटर साइंस में B.Tech');
    expect(section.inputs[2]!.validation).toEqual({ fn: 'PINCODE', message: 'पिनकोड 6 अंकों का होना चाहिए' });
    expect(section.inputs.map((i) => i.fieldName)).toEqual(['nameOnDegree', 'degree', 'pincode', 'motto']);
    // The server's own English message for the field is translated the same way.
    expect(ruleText('Pincode must be 6 digits')).toBe('पिनकोड 6 अंकों का होना चाहिए');
    // A second degree's label.
    expect(localiseLabel('Degree 2', ruleText)).toBe('डिग्री 2');
    expect(localiseLabel('Our own 2', ruleText)).toBe('Our own 2');
  });

  it('translates the section titles and the demo questionnaire the forms show (issue 24)', async () => {
    await setLanguage('hi', { persist: false });
    const withTitle = { ...config.authOptions[0]!.page.config[0]!.inputs[0]!, sectionTitle: 'Candidate' };
    const hi = localiseConfig(
      {
        ...config,
        authOptions: [{ ...config.authOptions[0]!, page: { config: [{ inputs: [withTitle] }] } }],
      },
      ruleText,
    );
    expect(hi.authOptions[0]!.page.config[0]!.inputs[0]!.sectionTitle).toBe('उम्मीदवार');
    for (const text of ['Current address', 'Proof of address', 'Certificate', 'Purpose of verification'])
      expect(ruleText(text), text).not.toBe(text);
  });

  it('leaves everything as it is in English', () => {
    expect(localiseConfig(config, ruleText)).toEqual(config);
    expect(localiseLabel('Degree 2', ruleText)).toBe('Degree 2');
  });
});
