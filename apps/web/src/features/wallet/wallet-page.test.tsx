import { screen, within } from '@testing-library/react';
import type { Credential, CredentialVerification } from '@veridocs/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, makeSession, ok, storeSession } from '../../test/fixtures';
import { mockApi, type MockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render';

const SHARE_ID = 'AbCdEfGhIjKlMnOpQrStUv';
const credential: Credential = {
  id: '7d1c3f0e-1111-4222-8333-444455556666',
  credentialType: 'EducationVerification',
  credentialAttributes: {
    holderName: 'Meera Iyer',
    verification: 'Degree',
    category: 'Education',
    requestedBy: 'Demo University',
    verifiedOn: '2030-01-15',
    degreeName: 'B.Tech in Computer Science',
  },
  txnId: 'txn-1',
  verificationName: 'bgv-degree',
  issuer: 'did:web:localhost%3A3000',
  issuedAt: '2030-01-15T10:00:00.000Z',
  expiresAt: '2035-01-14T10:00:00.000Z',
  status: 'active',
  revokedAt: null,
  shareId: SHARE_ID,
  jwt: 'a.b.c',
  documents: [],
};
const verification = (over: Partial<CredentialVerification> = {}): CredentialVerification => ({
  result: 'valid',
  reason: null,
  checks: { signature: true, issuer: true, expiry: true, status: true },
  credential: {
    id: credential.id,
    credentialType: credential.credentialType,
    credentialAttributes: credential.credentialAttributes,
    issuer: credential.issuer,
    issuerName: 'Veridocs',
    issuedAt: credential.issuedAt,
    expiresAt: credential.expiresAt,
    revokedAt: null,
  },
  checkedAt: '2030-01-16T10:00:00.000Z',
  ...over,
});

let api: MockApi;
beforeEach(() => {
  api = mockApi();
});
afterEach(() => api.restore());

describe('/wallet', () => {
  it('lists the credentials and opens one with its share link and QR code', async () => {
    storeSession(makeSession());
    api.on('get', '/api/web-wallet/credentials', {
      status: 200,
      body: ok({ list: [credential], total: 1 }),
    });
    api.on('get', `/api/web-wallet/credentials/${credential.id}`, { status: 200, body: ok(credential) });
    const { user } = renderApp({ route: '/wallet' });
    expect(await screen.findByRole('heading', { name: 'Wallet', level: 1 })).toBeInTheDocument();
    const card = await screen.findByRole('link', { name: 'View credential: Degree' });
    expect(within(card).getByText('Valid')).toBeInTheDocument();
    expect(within(card).getByText('Demo University')).toBeInTheDocument();
    // Spec §7, §9: GET /credentials with seed=0, count=100.
    expect(api.calls.map((c) => c.url)).toContain('/api/web-wallet/credentials?seed=0&count=100');

    await user.click(card);
    expect(await screen.findByRole('heading', { name: 'Details' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Degree', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('B.Tech in Computer Science')).toBeInTheDocument();
    expect(screen.getByLabelText('Share link')).toHaveValue(
      `${window.location.origin}/credentials/verify/${SHARE_ID}`,
    );
    await user.click(screen.getByRole('button', { name: 'Show QR code' }));
    expect(await screen.findByRole('img', { name: 'QR code of the share link' })).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    storeSession(makeSession());
    api.on('get', '/api/web-wallet/credentials', { status: 200, body: ok({ list: [], total: 0 }) });
    renderApp({ route: '/wallet' });
    expect(await screen.findByText('No credentials yet')).toBeInTheDocument();
  });
});

describe('/credentials/verify/{id} (public)', () => {
  it('shows a valid credential to a visitor without an account', async () => {
    api.on('get', `/api/web-wallet/credentials/verify/${SHARE_ID}`, {
      status: 200,
      body: ok(verification()),
    });
    renderApp({ route: `/credentials/verify/${SHARE_ID}` });
    expect(await screen.findByText('Valid credential')).toBeInTheDocument();
    expect(screen.getByText('Meera Iyer')).toBeInTheDocument();
    expect(screen.getByText('Signature: passed')).toBeInTheDocument();
    // No account: the request goes out without a bearer.
    expect(api.calls[0]?.headers.authorization).toBeUndefined();
  });

  it('says revoked, and not found for an unknown link', async () => {
    api.on('get', `/api/web-wallet/credentials/verify/${SHARE_ID}`, {
      status: 200,
      body: ok(
        verification({
          result: 'revoked',
          reason: 'revoked',
          checks: { signature: true, issuer: true, expiry: true, status: false },
        }),
      ),
    });
    renderApp({ route: `/credentials/verify/${SHARE_ID}` });
    expect(await screen.findByText('Revoked credential')).toBeInTheDocument();
    expect(screen.getByText('Not revoked: failed')).toBeInTheDocument();
  });

  it('says when no credential matches the link', async () => {
    api.on('get', '/api/web-wallet/credentials/verify/unknown', {
      status: 404,
      body: fail(245, 'This credential does not exist'),
    });
    renderApp({ route: '/credentials/verify/unknown' });
    expect(await screen.findByText(/No credential matches this link/)).toBeInTheDocument();
  });
});
