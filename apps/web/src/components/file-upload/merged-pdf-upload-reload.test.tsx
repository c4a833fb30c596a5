import 'fake-indexeddb/auto';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { FileUploadResponse } from '@veridocs/shared';
import { makeSession, ok, storeSession } from '../../test/fixtures';
import { mockApi, type MockApi } from '../../test/mock-api';
import { createTestApp, renderWithProviders } from '../../test/render';
import { login } from '../../app/store/slices/auth-slice';
import { MergedPdfUpload } from './merged-pdf-upload';
import { clearPickedFiles, loadPickedFiles, pickedFilesKey, savePickedFiles } from './picked-files';

const MERGE_PATH = '/api/utility/files/merge';
const KEY = pickedFilesKey('txn-1', 'bgv-degree', 'marksheet');
const pdf = (name: string, size = 45_000) =>
  new File([new Uint8Array(size).fill(name.length)], name, { type: 'application/pdf' });

const MERGED: FileUploadResponse = {
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

function Harness({ initial = null, keep = KEY }: { initial?: unknown; keep?: string }) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <MergedPdfUpload
      id="marksheet-zone"
      label="Upload Education Marksheet"
      accessibleLabel="Upload Education Marksheet"
      fileCategory="marksheet"
      value={value}
      onChange={setValue}
      keepPicksUnder={keep}
    />
  );
}

let api: MockApi;
beforeEach(() => {
  api = mockApi();
  storeSession(makeSession());
});
afterEach(async () => {
  api.restore();
  await clearPickedFiles();
});

async function open(initial: unknown = null) {
  const utils = renderWithProviders(<Harness initial={initial} />, { userOptions: { applyAccept: false } });
  await screen.findByRole('group', { name: 'Upload Education Marksheet' });
  const input = utils.container.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return { ...utils, input };
}

const listed = () =>
  screen.queryAllByTestId('merge-part').map((li) => /\d+\. (\S+\.pdf)/.exec(li.textContent ?? '')?.[1]);
const kept = async (names: string[]) =>
  waitFor(async () => expect((await loadPickedFiles(KEY)).map((f) => f.name)).toEqual(names));

describe('MergedPdfUpload across a reload (issue 24)', () => {
  it('shows the picked files again, in their order, until they are uploaded', async () => {
    api.on('post', MERGE_PATH, { status: 200, body: ok(MERGED) });
    const first = await open();
    await first.user.upload(first.input, [pdf('sem-2.pdf'), pdf('sem-1.pdf'), pdf('sem-3.pdf', 50_000)]);
    await first.user.click(screen.getByRole('button', { name: 'Move sem-1.pdf up' }));
    await kept(['sem-1.pdf', 'sem-2.pdf', 'sem-3.pdf']);
    first.unmount();

    // The page again: the same list, nothing sent yet.
    const { user } = await open();
    await waitFor(() => expect(listed()).toEqual(['sem-1.pdf', 'sem-2.pdf', 'sem-3.pdf']));
    expect(screen.getAllByTestId('merge-part')[2]).toHaveTextContent('3. sem-3.pdf · 50 KB');
    expect(api.callsTo('post', MERGE_PATH)).toHaveLength(0);

    // Removed: forgotten too.
    await user.click(screen.getByRole('button', { name: 'Remove sem-2.pdf' }));
    await kept(['sem-1.pdf', 'sem-3.pdf']);

    // The restored files are what is sent, whole; once merged nothing is kept.
    await user.click(screen.getByRole('button', { name: 'Merge and upload 2 files' }));
    expect(await screen.findByRole('button', { name: 'Remove marksheet-merged.pdf' })).toBeInTheDocument();
    const sent = (api.callsTo('post', MERGE_PATH)[0]?.body as FormData).getAll('file') as File[];
    expect(sent.map((f) => [f.name, f.size, f.type])).toEqual([
      ['sem-1.pdf', 45_000, 'application/pdf'],
      ['sem-3.pdf', 50_000, 'application/pdf'],
    ]);
    expect(new Uint8Array(await sent[1]!.arrayBuffer())[0]).toBe('sem-3.pdf'.length);
    await kept([]);
  });

  it('forgets picks left beside a file already merged (uploaded in another tab)', async () => {
    const first = await open();
    await first.user.upload(first.input, [pdf('sem-1.pdf'), pdf('sem-2.pdf')]);
    await kept(['sem-1.pdf', 'sem-2.pdf']);
    first.unmount();

    await open(MERGED);
    expect(screen.getByRole('button', { name: 'Remove marksheet-merged.pdf' })).toBeInTheDocument();
    await kept([]);
    expect(listed()).toEqual([]);
  });

  it('keeps each field of each verification apart', async () => {
    const first = await open();
    await first.user.upload(first.input, [pdf('sem-1.pdf')]);
    await kept(['sem-1.pdf']);
    first.unmount();

    renderWithProviders(<Harness keep={pickedFilesKey('txn-1', 'bgv-degree~2', 'marksheet')} />);
    await screen.findByRole('group', { name: 'Upload Education Marksheet' });
    // Another degree's field starts empty, and leaves this one's picks alone.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listed()).toEqual([]);
    await kept(['sem-1.pdf']);
  });

  it('forgets every pick at sign-out (a shared device keeps no marksheet)', async () => {
    api.on('post', '/api/web-wallet/profile/logout', { status: 200, body: ok(null) });
    await savePickedFiles(KEY, [pdf('sem-1.pdf')]);
    await kept(['sem-1.pdf']);
    const { store, session } = createTestApp();
    store.dispatch(login({ ...makeSession(), startRefresh: false }));
    await session.logout();
    await kept([]);
  });
});
