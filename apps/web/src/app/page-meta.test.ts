import { describe, expect, it } from 'vitest';
import { resolveBack, savedSearchLink } from './back-navigation';
import { documentTitleFor, titleFor } from './page-meta';

describe('page titles (spec §2)', () => {
  it('come from the first path segment', () => {
    expect(titleFor('/login')).toBe('Sign up / Login');
    expect(titleFor('/transaction-history')).toBe('Payment Details');
    expect(titleFor('/verification/insufficiency')).toBe('Document Details');
    expect(titleFor('/privacy-policy')).toBe('Privacy Policy');
    expect(documentTitleFor('/profile')).toBe('Profile | Veridocs');
    expect(documentTitleFor('/')).toBe('Home | Veridocs');
  });
});

describe('back button (spec §2)', () => {
  it('is hidden on /submitted, /login and home', () => {
    expect(resolveBack('/submitted', '', {})).toEqual({ kind: 'hidden' });
    expect(resolveBack('/login', '', {})).toEqual({ kind: 'hidden' });
    expect(resolveBack('/', '', {})).toEqual({ kind: 'hidden' });
  });

  it('goes to / from the form route', () => {
    expect(resolveBack('/ekyc/form-1/txn-1', '?orgId=o', {})).toEqual({ kind: 'to', to: '/' });
  });

  it('goes to the saved search link on choose-payment-provider and form-payments', () => {
    const saved = { pathname: '/ekyc/form-1/txn-1', search: '?orgId=o1' };
    expect(resolveBack('/form-payments', '', saved)).toEqual({
      kind: 'to',
      to: '/ekyc/form-1/txn-1?orgId=o1',
    });
    expect(resolveBack('/choose-payment-provider', '', saved)).toEqual({
      kind: 'to',
      to: '/ekyc/form-1/txn-1?orgId=o1',
    });
    expect(savedSearchLink({})).toBe('/');
  });

  it('from the info page returns to / keeping the query string', () => {
    expect(resolveBack('/faq', '?orgId=o1', {})).toEqual({ kind: 'to', to: '/?orgId=o1' });
    expect(resolveBack('/instructions', '', {})).toEqual({ kind: 'to', to: '/' });
  });

  it('goes back one step elsewhere', () => {
    expect(resolveBack('/profile', '', {})).toEqual({ kind: 'history' });
    expect(resolveBack('/terms', '', {})).toEqual({ kind: 'history' });
  });
});
