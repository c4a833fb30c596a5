import { describe, expect, it } from 'vitest';
import { sourceMethod } from './reports-service.js';

describe("a report's method line for a verification verified at its source", () => {
  it('cites the institution that confirmed it (issue 27)', () => {
    const issuerSource = {
      channel: 'institution',
      issuer: 'Central Board of Secondary Education',
      doctype: '',
      pullId: 'a1',
      at: '2030-01-17T10:00:00.000Z',
      responder: { name: 'Meera Iyer', designation: 'Registrar' },
    };
    expect(sourceMethod({ issuerSource })).toBe(
      'Confirmed by the Registrar, Central Board of Secondary Education, on 2030-01-17',
    );
    expect(sourceMethod({ issuerSource: { ...issuerSource, responder: undefined } })).toBe(
      'Confirmed by Central Board of Secondary Education, on 2030-01-17',
    );
  });

  it('keeps the issuer channels as they were (issue 26)', () => {
    const issuerSource = { channel: 'apisetu', issuer: 'CBSE', at: '2030-01-17T10:00:00.000Z' };
    expect(sourceMethod({ issuerSource })).toBe('Verified with the issuer (CBSE) through API Setu on 2030-01-17');
    expect(sourceMethod({})).toBeNull();
  });
});
