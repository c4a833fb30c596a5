import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { type FileUploadResponse } from '@veridocs/shared';
import { fail, makeSession, ok, storeSession } from '../../test/fixtures';
import { mockApi, type MockApi } from '../../test/mock-api';
import { renderWithProviders } from '../../test/render';
import { MergedPdfUpload } from './merged-pdf-upload';

const MERGE_PATH = '/api/utility/files/merge';
const pdf = (name: string) => new File([new Uint8Array(45_000)], name, { type: 'application/pdf' });

function merged(): FileUploadResponse {
  return {
    fileId: 'merged-1',
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
}

function Harness({ onValue }: { onValue: (value: unknown) => void }) {
  const [value, setValue] = useState<unknown>(null);
  return (
    <MergedPdfUpload
      id="marksheet-zone"
      label="Upload Education Marksheet"
      accessibleLabel="Upload Education Marksheet"
      fileCategory="marksheet"
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

let api: MockApi;
beforeEach(() => {
  api = mockApi();
  storeSession(makeSession());
});
afterEach(() => api.restore());

async function setup() {
  const values: unknown[] = [];
  const utils = renderWithProviders(<Harness onValue={(v) => values.push(v)} />, {
    userOptions: { applyAccept: false },
  });
  await screen.findByRole('group', { name: 'Upload Education Marksheet' });
  const input = utils.container.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return { ...utils, input, values };
}

const order = () =>
  screen.getAllByTestId('merge-part').map((li) => /\d+\. (\S+\.pdf)/.exec(li.textContent ?? '')?.[1]);

describe('MergedPdfUpload: all semesters in one PDF', () => {
  it('shows the picked PDFs in order; moves and removes them; sends them in that order', async () => {
    api.on('post', MERGE_PATH, { status: 200, body: ok(merged()) });
    const { user, input, values } = await setup();
    await user.upload(input, [pdf('sem-2.pdf'), pdf('sem-1.pdf'), pdf('sem-3.pdf'), pdf('extra.pdf')]);
    expect(order()).toEqual(['sem-2.pdf', 'sem-1.pdf', 'sem-3.pdf', 'extra.pdf']);
    await user.click(screen.getByRole('button', { name: 'Move sem-1.pdf up' }));
    expect(order()).toEqual(['sem-1.pdf', 'sem-2.pdf', 'sem-3.pdf', 'extra.pdf']);
    expect(screen.getByRole('button', { name: 'Move sem-1.pdf up' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove extra.pdf' }));
    expect(order()).toEqual(['sem-1.pdf', 'sem-2.pdf', 'sem-3.pdf']);
    // Nothing is sent before the candidate says so.
    expect(api.callsTo('post', MERGE_PATH)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Merge and upload 3 files' }));
    expect(await screen.findByRole('button', { name: 'Remove marksheet-merged.pdf' })).toBeInTheDocument();
    const body = api.callsTo('post', MERGE_PATH)[0]?.body as FormData;
    expect(body.getAll('file').map((f) => (f as File).name)).toEqual(['sem-1.pdf', 'sem-2.pdf', 'sem-3.pdf']);
    expect(body.get('fileCategory')).toBe('marksheet');
    expect(values.at(-1)).toMatchObject({ fileId: 'merged-1', name: 'marksheet-merged.pdf' });
    expect(screen.queryAllByTestId('merge-part')).toHaveLength(0);
  });

  it('only PDFs are taken; a part the server refuses is named, and the list stays to fix', async () => {
    api.on('post', MERGE_PATH, {
      status: 422,
      body: fail(134, 'File 2 (sem-2.pdf): The PDF cannot be read', { part: 2, name: 'sem-2.pdf' }),
    });
    const { user, input, values } = await setup();
    await user.upload(input, [new File([new Uint8Array(45_000)], 'photo.png', { type: 'image/png' })]);
    expect(await screen.findByText('Please upload a file of type: pdf')).toBeInTheDocument();
    expect(screen.queryAllByTestId('merge-part')).toHaveLength(0);

    await user.upload(input, [pdf('sem-1.pdf'), pdf('sem-2.pdf')]);
    await user.click(screen.getByRole('button', { name: 'Merge and upload 2 files' }));
    const alert = await screen.findByText('File 2 (sem-2.pdf): The PDF cannot be read');
    expect(
      within(alert.closest('[role="alert"]') as HTMLElement).getByText(/sem-2\.pdf/),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('merge-part')).toHaveLength(2));
    expect(values).toEqual([]);
  });
});
