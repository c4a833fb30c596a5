import { describe, expect, it } from 'vitest';
import { foldSpelling, matchPersonName, personNameWords } from './person-name.js';

const same = (a: string, b: string) => matchPersonName(a, b).matched;

describe('matchPersonName', () => {
  it('matches the same name whatever the case, dots, honorifics and order', () => {
    expect(same('Asha Verma', 'ASHA VERMA')).toBe(true);
    expect(same('Asha Verma', 'Verma Asha')).toBe(true);
    expect(same('Dr. Asha Verma', 'asha verma')).toBe(true);
    expect(same('Smt Asha  Verma.', 'Asha Verma')).toBe(true);
    expect(same('Āśā Verma', 'Asha Verma')).toBe(false); // ś folds to s, not sh: a different spelling
    expect(same('Ásha Vérma', 'Asha Verma')).toBe(true);
  });

  it('takes initials for the words they begin', () => {
    expect(same('Priya K. Nair', 'Priya Krishnan Nair')).toBe(true);
    expect(same('P. K. Nair', 'Priya Krishnan Nair')).toBe(true);
    expect(same('Priya K Nair', 'Priya Nair')).toBe(true);
    expect(same('Priya S. Nair', 'Priya Krishnan Nair')).toBe(false);
    expect(same('P. K.', 'Priya Krishnan')).toBe(false);
  });

  it('lets one middle name be left out, not two, and never a surname changed', () => {
    expect(same('Asha Verma', 'Asha Kumari Verma')).toBe(true);
    expect(same('Asha Verma', 'Asha Rani Devi Verma')).toBe(false);
    expect(same('Asha Verma', 'Asha Sharma')).toBe(false);
    expect(same('Rohan Mehta', 'Asha Verma')).toBe(false);
    expect(same('Asha Verma', 'Asha')).toBe(true); // one word left out of the longer name: a middle or family name
    expect(same('Asha', 'Nisha')).toBe(false);
  });

  it('tolerates transliteration and one slip in a long word', () => {
    expect(same('Mohammad Iqbal', 'Mohammed Iqbal')).toBe(true);
    expect(same('Laxmi Rao', 'Lakshmi Rao')).toBe(true);
    expect(same('Sheetal Joshi', 'Shital Joshi')).toBe(true);
    expect(same('Vikram Singh', 'Wikram Singh')).toBe(true);
    expect(same('Srinivasan Iyer', 'Sreenivasan Iyer')).toBe(true);
    expect(same('Anil Rao', 'Amil Rao')).toBe(false); // short words: no slip allowed
    expect(same('Ramesh Kumar', 'Suresh Kumar')).toBe(false);
  });

  it('refuses an empty name or one of initials only, and says why', () => {
    expect(matchPersonName('', 'Asha Verma')).toEqual({ matched: false, reason: 'A name is missing' });
    expect(matchPersonName('Mr.', 'Asha Verma').matched).toBe(false);
    expect(matchPersonName('A. V.', 'Asha Verma')).toEqual({
      matched: false,
      reason: 'The name has only initials',
    });
    expect(matchPersonName('Asha Sharma', 'Asha Verma').reason).toBe('"sharma" is not in the other name');
    expect(matchPersonName('Asha Verma', 'Asha Verma')).toEqual({ matched: true, reason: null });
    expect(matchPersonName('Asha Verma', ' ')).toEqual({ matched: false, reason: 'A name is missing' });
    expect(matchPersonName('Priya S. Nair', 'Priya Krishnan Nair').reason).toBe(
      'The initial "S" does not fit the other name',
    );
    expect(matchPersonName('Asha Verma', 'Asha Rani Devi Verma').reason).toBe(
      '"rani devi" is not in the other name',
    );
  });

  it('drops every honorific, so that none counts as the one middle name', () => {
    for (const honorific of ['Mr', 'Mrs', 'Ms', 'Miss', 'Dr', 'Shri', 'Sri', 'Smt', 'Km', 'Kumari', 'Late'])
      expect(same(`${honorific} Asha Verma`, 'Asha Rani Verma'), honorific).toBe(true);
    expect(same('Shri Asha Verma', 'Asha Rani Devi Verma')).toBe(false); // still one middle name at most
  });

  it('folds the spellings the ADR lists, in short words too (where no slip is allowed)', () => {
    expect(same('Laksmi Rao', 'Laxmi Rao')).toBe(true); // ks
    expect(same('Lakṣmī Rao', 'Lakshmi Rao')).toBe(true); // the diacritics of a transliteration
    expect(same('Pawan Jha', 'Pavan Jha')).toBe(true); // w/v
    expect(same('Jeevan Jha', 'Jiwan Jha')).toBe(true); // ee/i and w/v
    expect(same('Aarti Jha', 'Arti Jha')).toBe(true); // aa/a
    expect(same('Pooja Rao', 'Puja Rao')).toBe(true); // oo/u
    expect(same('Sidharth Rao', 'Siddharth Rao')).toBe(true); // aspirated and doubled consonants
    expect(same('Ravi Bhat', 'Ravi Bhatt')).toBe(true); // a doubled letter
  });

  it('allows one vowel slip inside words of five letters or more, never a consonant or an ending', () => {
    expect(same('Suman Das', 'Sumon Das')).toBe(true); // five letters, one vowel changed
    expect(same('Ramesh Kumar', 'Rakesh Kumar')).toBe(false); // a consonant: another person
    expect(same('Sunita Rao', 'Sunit Rao')).toBe(false); // the ending: another name
    expect(same('Sunit Rao', 'Sunita Rao')).toBe(false);
    expect(same('Amrita Sen', 'Emrita Sen')).toBe(false); // the first letter is never a slip
    expect(same('Harish Nair', 'Hareesh Nair')).toBe(true); // ee folds to i
    expect(same('Kavita Rao', 'Kavitha Rao')).toBe(true); // th folds to t
    expect(same('Chaudhary Ram', 'Chaudhry Ram')).toBe(true); // one left out
    expect(same('Chaudhry Ram', 'Chaudhary Ram')).toBe(true); // one added
    expect(same('Anil Verma', 'Anila Verma')).toBe(false); // Anil is four letters: another name
    expect(same('Anila Verma', 'Anil Verma')).toBe(false);
    expect(same('Srinivas Iyer', 'Srinivasan Iyer')).toBe(false); // two letters are not a slip
    expect(same('Sumit Das', 'Sumant Das')).toBe(false); // nor a changed and an added one
  });

  it('does not let one word of the longer name serve two of the shorter', () => {
    expect(same('Asha Asha', 'Asha Verma')).toBe(false);
    expect(same('A. Asha', 'Asha Verma')).toBe(false);
    expect(same('V. Asha', 'Asha Verma')).toBe(true);
  });
});

describe('personNameWords and foldSpelling', () => {
  it('splits on everything but letters and drops honorifics', () => {
    expect(personNameWords("Shri D'Souza-Pinto, Jr")).toEqual(['d', 'souza', 'pinto', 'jr']);
  });
  it('folds the common variants alike', () => {
    expect(foldSpelling('lakshmi')).toBe(foldSpelling('laxmi'));
    expect(foldSpelling('sheetal')).toBe('shital');
    expect(foldSpelling('pooja')).toBe(foldSpelling('puja'));
    expect(foldSpelling('vijay')).toBe(foldSpelling('vijai'));
    expect(foldSpelling('phalguni')).toBe('falguni');
    expect(foldSpelling('zubin')).toBe('jubin');
  });
  it('folds only a final y, and a letter typed any number of times to one', () => {
    expect(foldSpelling('yamini')).toBe('yamini');
    expect(foldSpelling('sunnnil')).toBe('sunil');
  });
});
