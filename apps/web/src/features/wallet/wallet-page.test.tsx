import { screen, within } from '@testing-library/react';
import { FILE_TEXT, type Credential, type CredentialVerification } from '@veridocs/shared';
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
  received: false,
  receivedAt: null,
};
const DOCUMENTS_URL = `/api/web-wallet/credentials/documents/${credential.id}`;
const uploaded = {
  fileId: 'file-9',
  fileUrl: '/api/utility/files/file-9/content',
  name: 'offer-letter.pdf',
  mimeType: 'application/pdf',
  size: 60_000,
  sha256: 'a'.repeat(64),
  folderName: 'wallet',
  fileCategory: 'wallet',
  state: 'COMPLETED',
  issues: [],
  pageCount: 1,
  ocrText: null,
  createdAt: '2030-01-16T10:00:00.000Z',
  credentialId: credential.id,
};
const kept = {
  fileId: 'file-9',
  name: 'offer-letter.pdf',
  mimeType: 'application/pdf',
  size: 60_000,
  addedAt: '2030-01-16T10:00:00.000Z',
};
const pdf = (bytes = 60_000, name = 'offer-letter.pdf', type = 'application/pdf') =>
  new File([new Uint8Array(bytes)], name, { type });
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

  it('adds a document to a credential (multipart to /credentials/documents/{id}) and lists it', async () => {
    storeSession(makeSession());
    let held: Credential = credential;
    api.on('get', `/api/web-wallet/credentials/${credential.id}`, () => ({ status: 200, body: ok(held) }));
    api.on('post', DOCUMENTS_URL, () => {
      held = { ...credential, documents: [kept] };
      return { status: 200, body: ok(uploaded) };
    });
    const { user, container } = renderApp({
      route: `/wallet/${credential.id}`,
      userOptions: { applyAccept: false },
    });
    expect(await screen.findByRole('heading', { name: 'Supporting documents' })).toBeInTheDocument();
    expect(screen.getByText('No documents added yet.')).toBeInTheDocument();
    // Not attested: the screen says so.
    expect(screen.getByText(/not verified or signed by Veridocs/)).toBeInTheDocument();
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, pdf());
    const section = screen.getByRole('region', { name: 'Supporting documents' });
    expect(await within(section).findByText('offer-letter.pdf')).toBeInTheDocument();
    expect(within(section).getByText(/PDF · 60 KB · Added/)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Download offer-letter.pdf' })).toBeInTheDocument();
    // The file itself went to the wallet's route, not POST /files.
    const body = api.callsTo('post', DOCUMENTS_URL)[0]?.body as FormData;
    expect((body.get('file') as File).name).toBe('offer-letter.pdf');
    expect(api.callsTo('post', '/api/utility/files')).toHaveLength(0);
    expect(await screen.findByText('Document added to your wallet')).toBeInTheDocument();
  });

  it("refuses a file as every upload does: the same limits before sending, the server's verdict after", async () => {
    storeSession(makeSession());
    api.on('get', `/api/web-wallet/credentials/${credential.id}`, { status: 200, body: ok(credential) });
    api.on('post', DOCUMENTS_URL, {
      status: 422,
      body: fail(134, "The file you uploaded isn't supported by our system.", {
        state: 'ERROR',
        issues: [{ code: 'CORRUPT', message: 'The PDF could not be read' }],
      }),
    });
    const { user, container } = renderApp({
      route: `/wallet/${credential.id}`,
      userOptions: { applyAccept: false },
    });
    await screen.findByRole('heading', { name: 'Supporting documents' });
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    // Under 40 KB: refused before anything is sent, with the upload component's message.
    await user.upload(input, pdf(39_999));
    expect(await screen.findByText(FILE_TEXT.tooSmall)).toBeInTheDocument();
    expect(api.callsTo('post', DOCUMENTS_URL)).toHaveLength(0);
    // A file the server's checks find unusable: the component's failure line, nothing listed.
    await user.upload(input, pdf());
    const section = screen.getByRole('region', { name: 'Supporting documents' });
    expect(
      await within(section).findByText("The file you uploaded isn't supported by our system."),
    ).toBeInTheDocument();
    expect(within(section).getByText('No documents added yet.')).toBeInTheDocument();
  });

  it('shows a received credential as such, without documents or an upload', async () => {
    storeSession(makeSession());
    const received = { ...credential, received: true, receivedAt: '2030-02-01T10:00:00.000Z' };
    api.on('get', '/api/web-wallet/credentials', { status: 200, body: ok({ list: [received], total: 1 }) });
    api.on('get', `/api/web-wallet/credentials/${credential.id}`, { status: 200, body: ok(received) });
    const { user } = renderApp({ route: '/wallet' });
    const card = await screen.findByRole('link', { name: 'View credential: Degree' });
    expect(within(card).getByText('Received')).toBeInTheDocument();
    await user.click(card);
    expect(await screen.findByText(/Shared with you by its holder/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Supporting documents' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add document/ })).not.toBeInTheDocument();
  });

  it('shows the load error with a retry', async () => {
    storeSession(makeSession());
    api.on('get', '/api/web-wallet/credentials', { status: 500, body: fail(100, 'Something went wrong') });
    renderApp({ route: '/wallet' });
    expect(await screen.findByText('Your credentials could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
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

  it('lets a signed-in visitor keep a valid credential in their wallet (POST /credentials/receive/{id})', async () => {
    storeSession(makeSession());
    const received = { ...credential, received: true, receivedAt: '2030-02-01T10:00:00.000Z' };
    api.on('get', `/api/web-wallet/credentials/verify/${SHARE_ID}`, {
      status: 200,
      body: ok(verification()),
    });
    api.on('post', `/api/web-wallet/credentials/receive/${SHARE_ID}`, { status: 200, body: ok(received) });
    api.on('get', `/api/web-wallet/credentials/${credential.id}`, { status: 200, body: ok(received) });
    const { user } = renderApp({ route: `/credentials/verify/${SHARE_ID}` });
    expect(await screen.findByText('Valid credential')).toBeInTheDocument();
    expect(screen.getByText(/Documents the holder added are not part of the credential/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to my wallet' }));
    expect(await screen.findByText(/Shared with you by its holder/)).toBeInTheDocument();
    expect(api.callsTo('post', `/api/web-wallet/credentials/receive/${SHARE_ID}`)).toHaveLength(1);
  });

  it('offers no "Add to my wallet" to a visitor without an account', async () => {
    api.on('get', `/api/web-wallet/credentials/verify/${SHARE_ID}`, {
      status: 200,
      body: ok(verification()),
    });
    renderApp({ route: `/credentials/verify/${SHARE_ID}` });
    expect(await screen.findByText('Valid credential')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to my wallet' })).not.toBeInTheDocument();
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
