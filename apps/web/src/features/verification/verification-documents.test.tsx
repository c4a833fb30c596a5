import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { FILE_TEXT, type DynamicInputField, type VerificationInfo } from '@veridocs/shared';
import { setProfile } from '../../app/store/slices/profile-slice';
import { makeProfile, makeSession, makeVerificationInfo, ok, storeSession } from '../../test/fixtures';
import { mockApi, type MockApi } from '../../test/mock-api';
import { renderWithProviders } from '../../test/render';
import VerificationPage from './verification-page';

const INFO_PATH = '/api/verification/v1/transactions/bgv-degree/info';
const BGV_PATH = '/api/verification/v1/bgv';
const UPLOAD_PATH = '/api/utility/files';
const FILE_1 = '0d6b2f8e-8a51-4a0e-9a57-5b1c3f0e7d21';
const ROUTE = '/verification?orgId=org-1&txnId=txn-1&name=bgv-degree';

const inputs: DynamicInputField[] = [
  { fieldName: 'candidateName', label: 'Name', inputType: 'text', readOnly: true, required: true },
  {
    fieldName: 'marksheetFile',
    label: 'Marksheet',
    inputType: 'file',
    allowedFileTypes: ['pdf'],
    required: true,
  },
  {
    fieldName: 'sitePhoto',
    label: 'Photo at your address',
    inputType: 'live-cam-with-geolocation',
    required: true,
  },
];

function makeInfo(data: Record<string, unknown> = {}): VerificationInfo {
  return {
    ...makeVerificationInfo({ name: 'bgv-degree', label: 'Degree', pageTitle: 'Degree details', inputs }),
    data,
  };
}

const uploaded = {
  fileId: FILE_1,
  fileUrl: `/api/utility/files/${FILE_1}/content`,
  name: 'marksheet.pdf',
  mimeType: 'application/pdf',
  size: 40_000,
  sha256: 'c'.repeat(64),
  folderName: null,
  fileCategory: 'marksheetFile',
  state: 'COMPLETED',
  issues: [],
  pageCount: 2,
  ocrText: null,
  createdAt: '2024-06-01T10:00:00.000Z',
};

let api: MockApi;
beforeEach(() => {
  api = mockApi();
  storeSession(makeSession());
});
afterEach(() => api.restore());

describe('/verification documents', () => {
  it('a file field uploads through FileUpload (category, profile name) and the file is autosaved', async () => {
    api.on('get', INFO_PATH, { status: 200, body: ok(makeInfo()) });
    api.on('put', BGV_PATH, { status: 200, body: ok(makeInfo()) });
    api.on('post', UPLOAD_PATH, { status: 200, body: ok(uploaded) });
    const { user, container } = renderWithProviders(<VerificationPage />, { route: ROUTE });
    expect(
      await screen.findByRole('button', { name: `Marksheet ${FILE_TEXT.uploadLabel}` }),
    ).toBeInTheDocument();
    const input = container.querySelector<HTMLInputElement>('input[data-testid="marksheetFile-input"]');
    expect(input).toHaveAttribute('accept', '.pdf,application/pdf');
    await user.upload(
      input as HTMLInputElement,
      new File([new Uint8Array(40_000)], 'marksheet.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByRole('article', { name: 'marksheet.pdf' })).toBeInTheDocument();
    const body = api.callsTo('post', UPLOAD_PATH)[0]?.body as FormData;
    expect(body.get('fileCategory')).toBe('marksheetFile');
    expect(body.get('expectName')).toBe('Asha Verma');
    await waitFor(() => expect(api.callsTo('put', BGV_PATH)).toHaveLength(1), { timeout: 3000 });
    expect(api.callsTo('put', BGV_PATH)[0]?.body).toMatchObject({
      // File fields send the file's id only: its description and verdict are the server's.
      data: { marksheetFile: { fileId: FILE_1 } },
    });
  });

  it('restores saved documents as cards; the camera offers the gallery only to agents', async () => {
    const photo = {
      ...uploaded,
      fileId: '6a1c2d3e-4b5a-4c6d-8e7f-901a2b3c4d5e',
      name: 'geo-tag-image.jpg',
      mimeType: 'image/jpeg',
      geolocation: {
        latitude: 12.97,
        longitude: 77.59,
        accuracy: 10,
        timestamp: 1,
        address: {
          address: '12 MG Road',
          locality: '',
          district: '',
          state: 'Karnataka',
          country: 'India',
          pincode: '560001',
        },
        mapImage: '',
        ipAddress: null,
        error: null,
      },
    };
    api.on('get', INFO_PATH, {
      status: 200,
      body: ok(makeInfo({ marksheetFile: uploaded, sitePhoto: photo })),
    });
    api.on('get', /\/api\/utility\/files\/.+\/link$/, {
      status: 404,
      body: { code: 101, data: null, message: 'no' },
    });
    const { user, app } = renderWithProviders(<VerificationPage />, { route: ROUTE });
    expect(await screen.findByRole('article', { name: 'marksheet.pdf' })).toBeInTheDocument();
    expect(api.callsTo('post', UPLOAD_PATH)).toHaveLength(0);
    expect(screen.getByRole('article', { name: 'geo-tag-image.jpg' })).toHaveTextContent(
      '12 MG Road, Karnataka, 560001, India',
    );
    expect(screen.getByText('Accuracy: ±10 m')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Replace geo-tag-image.jpg' }));
    let dialog = await screen.findByRole('dialog', { name: 'Photo at your address' });
    expect(
      within(dialog).queryByRole('button', { name: FILE_TEXT.uploadFromGallery }),
    ).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    act(() => {
      app.store.dispatch(setProfile(makeProfile({ agentId: 'agent-7' })));
    });
    await user.click(screen.getByRole('button', { name: 'Replace geo-tag-image.jpg' }));
    dialog = await screen.findByRole('dialog', { name: 'Photo at your address' });
    expect(within(dialog).getByRole('button', { name: FILE_TEXT.uploadFromGallery })).toBeInTheDocument();
  });
});
