import { describe, expect, it } from 'vitest';
import { matchName, nameIssueFromText, nameTokens } from './name-match.js';

describe('matchName', () => {
  it('normalises case, diacritics and punctuation', () => {
    expect(nameTokens('  ÁSHA-Vérma, Jr. ')).toEqual(['asha', 'verma', 'jr']);
    expect(matchName('NAME: ASHA VERMA  Roll No. 1234', 'Asha Verma').matched).toBe(true);
    expect(matchName('Name of candidate: Āsha Vermā', 'asha verma').matched).toBe(true);
    expect(matchName('Verma, Asha', 'Asha Verma').matched).toBe(true);
  });

  it('accepts initials for middle names, and initials in the profile name', () => {
    expect(matchName('ASHA K. VERMA', 'Asha Kumari Verma').matched).toBe(true);
    expect(matchName('Asha Kumari Verma', 'Asha K Verma').matched).toBe(true);
    // The first and last names must be there in full.
    expect(matchName('A. Kumari Verma', 'Asha Kumari Verma').matched).toBe(false);
    expect(matchName('Asha Kumari V.', 'Asha Kumari Verma').matched).toBe(false);
  });

  it('tolerates one OCR error in longer names, not in short ones', () => {
    expect(matchName('ASHA VERNMA', 'Asha Verma').matched).toBe(true);
    expect(matchName('ASHA VXRNMA', 'Asha Verma').matched).toBe(false);
    expect(matchName('Asha Kurnari Verma', 'Asha Kumari Verma').matched).toBe(true);
    expect(matchName('Asha Vermo', 'Asha Verma').matched).toBe(true);
    expect(matchName('Usha Verma', 'Asha Verma').matched).toBe(false);
  });

  it('reports a score and the missing tokens', () => {
    expect(matchName('Ravi Verma', 'Asha Verma')).toEqual({ matched: false, score: 0.5, missing: ['asha'] });
    expect(matchName('anything', '  ')).toEqual({ matched: true, score: 1, missing: [] });
  });
});

describe('nameIssueFromText', () => {
  it('is null on a match, and when nothing was read', () => {
    expect(nameIssueFromText('Asha Verma', 'Asha Verma')).toBeNull();
    expect(nameIssueFromText('   ', 'Asha Verma')).toBeNull();
  });

  it('is a NAME_MISMATCH warning issue otherwise', () => {
    expect(nameIssueFromText('Ravi Kumar', 'Asha Verma')).toEqual({
      code: 'NAME_MISMATCH',
      message: 'The name on the document does not match the name on your profile',
      measured: 0,
      threshold: 1,
      page: null,
    });
  });
});
