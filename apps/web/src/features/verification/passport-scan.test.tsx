import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { PassportFields, PassportScanResponse } from '@veridocs/shared';
import { fail, makeSession, makeVerificationInfo, ok, storeSession } from '../../test/fixtures';
import { mockApi, type MockApi } from '../../test/mock-api';
import { renderWithProviders } from '../../test/render';
import { PassportScan } from './passport-scan';
import VerificationPage from './verification-page';

const UPLOAD_PATH = '/api/utility/files';
const SCAN_PATH = '/api/verification/v1/verifications/scan/passport';
const CONFIRM_PATH = '/api/verification/v1/transactions/update-identification';
const FILE_ID = '5f0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const FIELDS: PassportFields = {
  surname: 'KAPOOR',
  givenNames: 'ASHA MEERA',
  passportNumber: 'Z1234567',
  nationality: 'IND',
  issuingState: 'IND',
  dateOfBirth: '1996-08-21',
  sex: 'F',
  dateOfExpiry: '2034-05-14',
};
const uploaded = {
  fileId: FILE_ID,
  fileUrl: `/api/utility/files/${FILE_ID}/content`,
  name: 'passport.jpg',
  mimeType: 'image/jpeg',
  size: 140_000,
  sha256: 'c'.repeat(64),
  folderName: null,
  fileCategory: 'passportDocument',
  state: 'COMPLETED',
  issues: [],
  pageCount: null,
  ocrText: null,
  createdAt: '2026-11-26T10:00:00.000Z',
};
const scanned = (over: Partial<PassportScanResponse>): PassportScanResponse => ({
  status: 'READ',
  message: null,
  field: null,
  fields: FIELDS,
  fileId: FILE_ID,
  ...over,
});

let api: MockApi;
beforeEach(() => {
  api = mockApi();
  storeSession(makeSession());
  api.on('post', UPLOAD_PATH, { status: 200, body: ok(uploaded) });
});
afterEach(() => api.restore());

function renderScan() {
  const onSaved = vi.fn();
  const onEnterManually = vi.fn();
  const view = renderWithProviders(
    <PassportScan orgId="org-1" txnId="txn-1" onSaved={onSaved} onEnterManually={onEnterManually} />,
  );
  const upload = async () => {
    await screen.findByRole('button', { name: 'Upload photo' });
    const input = document.querySelector<HTMLInputElement>('input[data-testid="passport-upload-input"]');
    await view.user.upload(
      input!,
      new File([new Uint8Array(60_000)], 'passport.jpg', { type: 'image/jpeg' }),
    );
  };
  return { ...view, onSaved, onEnterManually, upload };
}

describe('passport scan', () => {
  it('an uploaded photo is read; the fields are shown to confirm, corrected and saved', async () => {
    api.on('post', SCAN_PATH, { status: 200, body: ok(scanned({})) });
    const info = makeVerificationInfo({
      name: 'passport',
      label: 'Passport',
      configLabel: 'Passport',
      optionLabel: 'Enter details',
      pageTitle: 'Passport details',
      inputs: [],
    });
    api.on('post', CONFIRM_PATH, { status: 200, body: ok(info) });
    const { user, upload, onSaved } = renderScan();
    await upload();
    const review = await screen.findByRole('region', { name: 'Check your passport details' });
    expect(api.callsTo('post', SCAN_PATH)[0]?.body).toEqual({
      type: 'passport',
      orgId: 'org-1',
      txnId: 'txn-1',
      fileId: FILE_ID,
    });
    expect(within(review).getByLabelText('Surname')).toHaveValue('KAPOOR');
    expect(within(review).getByLabelText('Date of Birth')).toHaveValue('21-08-1996');
    const given = within(review).getByLabelText('Given names');
    await user.clear(given);
    await user.type(given, 'ASHA MIRA');
    await user.click(within(review).getByRole('button', { name: 'Confirm details' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(api.callsTo('post', CONFIRM_PATH)[0]?.body).toEqual({
      type: 'passport',
      orgId: 'org-1',
      txnId: 'txn-1',
      fileId: FILE_ID,
      // Dates go back as yyyy-MM-dd; the correction is sent, and judged again by the server.
      fields: { ...FIELDS, givenNames: 'ASHA MIRA' },
    });
    expect(await screen.findByText(/Your passport details are saved/)).toBeInTheDocument();
  });

  it("shows the server's refusal of a corrected field beside it", async () => {
    api.on('post', SCAN_PATH, { status: 200, body: ok(scanned({})) });
    api.on('post', CONFIRM_PATH, {
      status: 400,
      body: fail(100, 'This passport has expired', [
        { path: 'fields.dateOfExpiry', message: 'This passport has expired' },
      ]),
    });
    const { user, upload } = renderScan();
    await upload();
    const review = await screen.findByRole('region', { name: 'Check your passport details' });
    await user.click(within(review).getByRole('button', { name: 'Confirm details' }));
    expect(await within(review).findByText('This passport has expired')).toBeInTheDocument();
    expect(within(review).getByLabelText('Date of expiry')).toHaveAttribute('aria-invalid', 'true');
  });

  it.each([
    [
      scanned({
        status: 'EXPIRED',
        message: 'This passport has expired',
        fields: { ...FIELDS, dateOfExpiry: '2020-01-31' },
      }),
      /This passport expired on 31-Jan-2020/,
    ],
    [
      scanned({ status: 'CHECK_DIGIT', field: 'documentNumber', fields: null, message: 'x' }),
      /The passport number read from the photo does not match the passport's check digit/,
    ],
    [
      scanned({ status: 'UNREADABLE', fields: null, message: 'x' }),
      /We could not read the lines at the bottom of the page/,
    ],
    [
      scanned({ status: 'UNDER_AGE', fields: { ...FIELDS, dateOfBirth: '2010-01-01' }, message: 'x' }),
      /you must be at least 18 years old/,
    ],
  ])('explains a read that cannot be used (%#) with "Enter manually" as the way on', async (answer, text) => {
    api.on('post', SCAN_PATH, { status: 200, body: ok(answer) });
    const { user, upload, onEnterManually } = renderScan();
    await upload();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(text);
    expect(screen.queryByRole('region', { name: 'Check your passport details' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Scan again' })).toBeEnabled();
    await user.click(within(alert).getByRole('button', { name: 'Enter manually' }));
    expect(onEnterManually).toHaveBeenCalledTimes(1);
  });
});

describe('the passport tile (/verification?name=passport)', () => {
  const PASSPORT_INFO = '/api/verification/v1/transactions/passport/info';
  const passportInfo = (data: Record<string, unknown> = {}) => ({
    ...makeVerificationInfo({
      name: 'passport',
      label: 'Passport',
      pageTitle: 'Passport details',
      inputs: [
        {
          fieldName: 'candidateName',
          label: 'Name as on passport',
          inputType: 'text',
          readOnly: true,
          required: true,
        },
        {
          fieldName: 'passportNumber',
          label: 'Passport number',
          inputType: 'text',
          required: true,
          maxLength: 8,
        },
        { fieldName: 'surname', label: 'Surname', inputType: 'text', maxLength: 39 },
      ],
    }),
    data,
  });

  it('offers the scan; the confirmed fields fill the form below', async () => {
    api.on('get', PASSPORT_INFO, { status: 200, body: ok(passportInfo()) });
    api.on('post', SCAN_PATH, { status: 200, body: ok(scanned({})) });
    api.on('post', CONFIRM_PATH, {
      status: 200,
      body: ok(passportInfo({ passportNumber: 'Z1234567', surname: 'KAPOOR' })),
    });
    const { user } = renderWithProviders(<VerificationPage />, {
      route: '/verification?orgId=org-1&txnId=txn-1&name=passport',
    });
    await screen.findByRole('region', { name: 'Scan your passport' });
    const input = document.querySelector<HTMLInputElement>('input[data-testid="passport-upload-input"]');
    await user.upload(input!, new File([new Uint8Array(60_000)], 'passport.jpg', { type: 'image/jpeg' }));
    const review = await screen.findByRole('region', { name: 'Check your passport details' });
    await user.click(within(review).getByRole('button', { name: 'Confirm details' }));
    // The form below shows what the server saved.
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Passport number' })).toHaveValue('Z1234567'),
    );
    expect(screen.getByRole('textbox', { name: 'Surname (Optional)' })).toHaveValue('KAPOOR');
  });

  it('"Enter manually" after an unreadable scan hides the scan and focuses the first field to fill', async () => {
    api.on('get', PASSPORT_INFO, { status: 200, body: ok(passportInfo()) });
    api.on('post', SCAN_PATH, {
      status: 200,
      body: ok(scanned({ status: 'UNREADABLE', fields: null, message: 'x' })),
    });
    const { user } = renderWithProviders(<VerificationPage />, {
      route: '/verification?orgId=org-1&txnId=txn-1&name=passport',
    });
    await screen.findByRole('region', { name: 'Scan your passport' });
    const input = document.querySelector<HTMLInputElement>('input[data-testid="passport-upload-input"]');
    await user.upload(input!, new File([new Uint8Array(60_000)], 'passport.jpg', { type: 'image/jpeg' }));
    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Enter manually' }));
    expect(screen.queryByRole('region', { name: 'Scan your passport' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Passport number' })).toHaveFocus();
  });
});
