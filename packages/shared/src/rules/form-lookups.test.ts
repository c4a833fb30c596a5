import { describe, expect, it } from 'vitest';
import type { FieldRule } from './form-fields.js';
import { FIELD_LOOKUPS, isLookupKey, lookupFills, matchOption } from './form-lookups.js';
import { OPTION_SETS } from './form-fields.js';

const address: FieldRule[] = [
  { fieldName: 'pincode', inputType: 'text', textType: 'number', maxLength: 6 },
  { fieldName: 'vtc', inputType: 'text', maxLength: 120 },
  { fieldName: 'district', inputType: 'text', maxLength: 120 },
  { fieldName: 'state', inputType: 'select', optionsKey: 'INDIAN_STATE' },
];
const answer = (state: string, offices = ['Anna Road HO', 'Chintadripet']) => ({
  pincode: '600002',
  district: 'Chennai',
  state,
  offices,
});

describe('field look-ups (FIELD_LOOKUPS)', () => {
  it('PINCODE runs on a complete 6-digit pincode only', () => {
    expect(isLookupKey('PINCODE')).toBe(true);
    expect(isLookupKey('toString')).toBe(false);
    expect(isLookupKey(undefined)).toBe(false);
    const { accepts } = FIELD_LOOKUPS.PINCODE;
    expect(accepts('600002')).toBe(true);
    for (const value of ['60000', '6000021', '60000a', '', undefined, 600002])
      expect(accepts(value)).toBe(false);
  });

  it('fills district and the state option; the town only when one office and the field is empty', () => {
    expect(lookupFills('PINCODE', answer('Tamil Nadu'), address, {})).toEqual({
      district: 'Chennai',
      state: 'Tamil Nadu',
    });
    expect(lookupFills('PINCODE', answer('Tamil Nadu', ['Anna Road HO']), address, {})).toEqual({
      district: 'Chennai',
      state: 'Tamil Nadu',
      vtc: 'Anna Road HO',
    });
    expect(
      lookupFills('PINCODE', answer('Tamil Nadu', ['Anna Road HO']), address, { vtc: 'Chennai' }),
    ).toEqual({ district: 'Chennai', state: 'Tamil Nadu' });
  });

  it("matches the directory's spelling of a state to the option set's (case, 'The', '&')", () => {
    const fills = (state: string) => lookupFills('PINCODE', answer(state), address, {}).state;
    expect(fills('Andaman And Nicobar Islands')).toBe('Andaman and Nicobar Islands');
    expect(fills('The Dadra And Nagar Haveli And Daman And Diu')).toBe(
      'Dadra and Nagar Haveli and Daman and Diu',
    );
    expect(fills('JAMMU & KASHMIR')).toBe('Jammu and Kashmir');
    // Nothing to match: the select is left for the candidate.
    expect(fills('Atlantis')).toBeUndefined();
  });

  it('a text state takes the text; fields the form lacks or reads from the profile are left alone', () => {
    const text: FieldRule[] = [
      { fieldName: 'state', inputType: 'text', maxLength: 5 },
      { fieldName: 'district', inputType: 'text', readOnly: true },
    ];
    expect(lookupFills('PINCODE', answer('Tamil Nadu'), text, {})).toEqual({ state: 'Tamil' });
  });

  it('never picks a disabled option', () => {
    const ews = OPTION_SETS.EWS_VERIFICATION_STATES();
    expect(matchOption(ews, 'Haryana')?.value).toBe('HR');
    expect(matchOption(ews, 'hr')?.value).toBe('HR');
    expect(matchOption(ews, 'Goa')).toBeNull();
    expect(matchOption(ews, '  ')).toBeNull();
  });
});
