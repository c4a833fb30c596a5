import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { FileUploadResponse } from '@veridocs/shared';
import { DynamicForm, type FormSection } from '../../components/dynamic-form';
import { makeSession, ok, storeSession } from '../../test/fixtures';
import { mockApi, type MockApi } from '../../test/mock-api';
import { renderWithProviders } from '../../test/render';
import { documentRenderers } from './document-fields';

const MERGE_PATH = '/api/utility/files/merge';
const pdf = (name: string) => new File([new Uint8Array(45_000)], name, { type: 'application/pdf' });
const MERGED: FileUploadResponse = {
  fileId: '6f1c2a9e-7b7d-4c55-9a8e-0d3c7f6b1a21',
  fileUrl: '/api/utility/files/merged-1/content',
  name: 'marksheet-merged.pdf',
  mimeType: 'application/pdf',
  size: 120_000,
  sha256: 'b'.repeat(64),
  folderName: null,
  fileCategory: 'marksheet',
  state: 'COMPLETED',
  issues: [],
  pageCount: 6,
  ocrText: null,
  createdAt: '2026-11-26T10:00:00.000Z',
};

// Optional on purpose: picked files must not be dropped silently even where none are required.
const sections: FormSection[] = [
  {
    inputs: [
      {
        fieldName: 'marksheet',
        label: 'Upload Education Marksheet',
        inputType: 'file',
        allowedFileTypes: ['pdf'],
        mergePdf: true,
      },
    ],
  },
];

let api: MockApi;
beforeEach(() => {
  api = mockApi();
  storeSession(makeSession());
});
afterEach(() => api.restore());

describe('a merged marksheet field on Submit (issue 24)', () => {
  it('refuses Submit while picked files are not uploaded, naming the button; then submits the merged file', async () => {
    api.on('post', MERGE_PATH, { status: 200, body: ok(MERGED) });
    const onSubmit = vi.fn();
    const { user, container } = renderWithProviders(
      <DynamicForm sections={sections} fieldRenderers={documentRenderers} onSubmit={onSubmit} />,
      { userOptions: { applyAccept: false } },
    );
    await screen.findByRole('group', { name: /Upload Education Marksheet/ });
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, [pdf('sem-1.pdf'), pdf('sem-2.pdf')]);

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText(
        'Press “Merge and upload 2 files” to upload the files you picked before you submit.',
      ),
    ).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(api.callsTo('post', MERGE_PATH)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Merge and upload 2 files' }));
    expect(await screen.findByText('marksheet-merged.pdf')).toBeInTheDocument();
    expect(screen.queryByText(/to upload the files you picked/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ marksheet: expect.anything() });
  });
});
