import { afterEach, describe, expect, it } from 'vitest';
import {
  ADDRESS_MESSAGES,
  NAME_CHANGE_MESSAGES,
  COMING_SOON_POSTFIX,
  FIELD_TEXT,
  FILE_TEXT,
  JOURNEY_TEXT,
  MESSAGES,
  OPTION_SETS,
  OTHER_OPTION,
  checkValue,
  fieldError,
  type FieldRule,
} from '@veridocs/shared';
import { setLanguage } from '../../../i18n';
import en from './locales/en.json';
import { ruleKeyOf, ruleText } from './rule-text';

const now = new Date(2026, 10, 26);
const refused = (field: FieldRule, value: unknown) => {
  const result = checkValue(field, value, now);
  if (result.ok) throw new Error(`${field.fieldName}: ${JSON.stringify(value)} was accepted`);
  return result.message;
};
const fileId = '0b7c2f7e-1d1a-4a4e-9a57-6f0d2f6b9c11';

/** Every English message of packages/shared the web shows, made by shared's own code. */
function sharedMessages(): string[] {
  const types = ['jpeg', 'pdf'];
  const fileText = [
    ...Object.values(FILE_TEXT).filter((entry): entry is string & typeof entry => typeof entry === 'string'),
    FILE_TEXT.wrongType(types),
    FILE_TEXT.dropNoAllowed(types),
    FILE_TEXT.partialMismatch(types),
    FILE_TEXT.tooMany(1),
    FILE_TEXT.tooMany(3),
  ];
  const options = [
    ...OPTION_SETS.DEGREE_STATUS(),
    ...OPTION_SETS.YES_NO(),
    ...OPTION_SETS.EMPLOYMENT_TYPE(),
    ...OPTION_SETS.ADDRESS_PROOF_TYPE(),
  ].map((o) => o.name);
  const text: FieldRule = { fieldName: 'city', label: 'City', inputType: 'text', maxLength: 3 };
  const date = (limits: Partial<FieldRule>, value: string) =>
    fieldError({ fieldName: 'd', inputType: 'date', ...limits }, { d: value }, now);
  return [
    ...Object.values(MESSAGES),
    ...Object.values(ADDRESS_MESSAGES),
    ...Object.values(NAME_CHANGE_MESSAGES),
    ...fileText,
    ...FIELD_TEXT.degreeInstructions,
    FIELD_TEXT.degreeUnavailable,
    FIELD_TEXT.instituteIdHint,
    FIELD_TEXT.uploadMarksheet,
    FIELD_TEXT.idFormat('99/AAA/99999'),
    JOURNEY_TEXT.unableToFind('Institute'),
    JOURNEY_TEXT.enterManually,
    JOURNEY_TEXT.selectFromOptions,
    ...options,
    OTHER_OPTION.name,
    COMING_SOON_POSTFIX,
    refused(text, 5),
    refused(text, 'Pune'),
    refused({ fieldName: 's', inputType: 'select', options: [{ name: 'A', value: 'a' }] }, 'b'),
    refused({ fieldName: 's', inputType: 'select', optionsKey: 'EWS_VERIFICATION_STATES' }, 'GA'),
    refused({ fieldName: 'f', inputType: 'file' }, {}),
    refused({ fieldName: 'f', inputType: 'file' }, { fileId, colour: 'red' }),
    refused({ fieldName: 'f', inputType: 'file', maxFiles: 2 }, [{ fileId }, { fileId }]),
    refused({ fieldName: 'f', inputType: 'file', maxFiles: 1 }, [{ fileId }, { fileId }]),
    refused({ fieldName: 'c', inputType: 'live-cam-with-geolocation' }, { fileId }),
    refused({ fieldName: 'x', inputType: 'unknown' }, 'x'),
    refused({ fieldName: 'n', inputType: 'text', textType: 'number' }, '12a'),
    refused({ fieldName: 'b', inputType: 'block', blockLength: 6 }, '123'),
    date({}, 'soon'),
    date({}, '1800-01-01'),
    date({}, '2027-01-01'),
    date({ disablePast: true }, '2026-01-01'),
    date({ minDate: '2000-01-01' }, '1999-12-31'),
    date({ maxDate: '2001-01-01', disableFuture: false }, '2002-01-01'),
  ].map((message) => {
    if (message === null) throw new Error('a rule accepted its example');
    return message;
  });
}

afterEach(async () => {
  await setLanguage('en', { persist: false });
});

describe('shared messages in Hindi', () => {
  it('leaves every message of packages/shared as it is in English', () => {
    for (const message of sharedMessages()) expect(ruleText(message)).toBe(message);
  });

  it('knows every shared message, and every entry of its catalog is one of them', () => {
    const messages = sharedMessages();
    const used = new Set<string>();
    for (const message of messages) {
      const key = ruleKeyOf(message);
      expect(key, message).not.toBeNull();
      used.add(key!);
    }
    expect(Object.keys(en).filter((key) => !used.has(`rules.${key}`))).toEqual([]);
  });

  it('translates each into Hindi, with the values of the English in their place', async () => {
    await setLanguage('hi', { persist: false });
    for (const message of sharedMessages()) {
      const hindi = ruleText(message);
      expect(hindi, message).not.toBe(message);
      expect(hindi, message).toMatch(/[\u0900-\u097F]/);
      expect(hindi, message).not.toMatch(/[{}]/);
    }
    expect(ruleText(FILE_TEXT.tooMany(1))).toBe('केवल 1 फ़ाइल अपलोड की जा सकती है');
    expect(ruleText(FILE_TEXT.tooMany(3))).toBe('केवल 3 फ़ाइलें अपलोड की जा सकती हैं');
    expect(ruleText('Date must be on or after 01-01-2000')).toBe('तारीख़ 01-01-2000 या उसके बाद की होनी चाहिए');
    expect(ruleText('A message of a config')).toBe('A message of a config');
  });
});
