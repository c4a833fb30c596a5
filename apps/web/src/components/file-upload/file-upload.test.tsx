import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FILE_TEXT, type FileUploadResponse } from '@veridocs/shared';
import { fail, makeSession, ok, storeSession } from '../../test/fixtures';
import { mockApi, type MockApi } from '../../test/mock-api';
import { setTransport, type TransportRequest } from '../../lib/api-client';
import { CHECK_POLL } from '../../lib/api/files-api';
import { renderWithProviders } from '../../test/render';
import type { UploadedFile } from '../../lib/api/files-api';
import { setLanguage } from '../../i18n';
import { formatSize, issueText } from './file-checks';
import { FileUpload, type FileUploadProps } from './file-upload';

const UPLOAD_PATH = '/api/utility/files';
const ALL = ['jpeg', 'jpg', 'png', 'pdf'];

const sized = (bytes: number, name = 'marksheet.pdf', type = 'application/pdf') =>
  new File([new Uint8Array(bytes)], name, { type });

function response(overrides: Partial<FileUploadResponse> = {}): FileUploadResponse {
  return {
    fileId: 'file-1',
    fileUrl: '/api/utility/files/file-1/content',
    name: 'marksheet.pdf',
    mimeType: 'application/pdf',
    size: 40_000,
    sha256: 'a'.repeat(64),
    folderName: null,
    fileCategory: 'marksheet',
    state: 'COMPLETED',
    issues: [],
    pageCount: 1,
    ocrText: null,
    createdAt: '2024-06-01T10:00:00.000Z',
    ...overrides,
  };
}

type HarnessProps = Partial<FileUploadProps> & { initial?: unknown; onValue?: (value: unknown) => void };

function Harness({ initial = null, onValue, ...props }: HarnessProps) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <FileUpload
      id="marksheet-zone"
      label="Marksheet"
      accessibleLabel="Marksheet"
      fileCategory="marksheet"
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
      {...props}
    />
  );
}

let api: MockApi;
beforeEach(() => {
  api = mockApi();
  storeSession(makeSession());
});
afterEach(() => api.restore());

/**
 * With `fakeTimers` the test moves the clock (the verdict polls wait CHECK_POLL.intervalMs); it also
 * moves with real time, which the screen's own waits need.
 */
async function setup(props: HarnessProps = {}, clock: { fakeTimers?: boolean } = {}) {
  const utils = renderWithProviders(<Harness {...props} />, {
    userOptions: {
      applyAccept: false,
      ...(clock.fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {}),
    },
  });
  // The providers render once the persisted state is back.
  await screen.findByRole('group', { name: 'Marksheet' });
  const input = utils.container.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  const zone = () => screen.getByRole('button', { name: `Marksheet ${FILE_TEXT.uploadLabel}` });
  if (clock.fakeTimers) vi.useFakeTimers({ shouldAdvanceTime: true });
  return { ...utils, input, zone };
}

describe('FileUpload: the client-side checks (spec §5), before anything is sent', () => {
  it.each([
    [39_999, FILE_TEXT.tooSmall],
    [25_000_001, FILE_TEXT.tooBig],
  ])('%i bytes: "%s" as an error snackbar, no upload', async (bytes, message) => {
    const { user, input } = await setup();
    await user.upload(input, sized(bytes));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(api.callsTo('post', UPLOAD_PATH)).toHaveLength(0);
  });

  it.each([40_000, 25_000_000])('%i bytes is inside the bounds: uploaded', async (bytes) => {
    api.on('post', UPLOAD_PATH, { status: 200, body: ok(response({ size: bytes })) });
    const { user, input } = await setup();
    await user.upload(input, sized(bytes));
    await waitFor(() => expect(api.callsTo('post', UPLOAD_PATH)).toHaveLength(1));
    const body = api.callsTo('post', UPLOAD_PATH)[0]?.body as FormData;
    expect((body.get('file') as File).size).toBe(bytes);
    expect(screen.queryByText(FILE_TEXT.tooBig)).not.toBeInTheDocument();
    expect(screen.queryByText(FILE_TEXT.tooSmall)).not.toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'marksheet.pdf' })).toBeInTheDocument();
  });

  it('a picked file of the wrong type: "Please upload a file of type: …" with the field\'s types', async () => {
    const { user, input } = await setup();
    await user.upload(input, sized(50_000, 'notes.txt', 'text/plain'));
    expect(await screen.findByText(FILE_TEXT.wrongType(ALL))).toBeInTheDocument();
    expect(screen.getByText('Please upload a file of type: jpeg, jpg, png, pdf')).toBeInTheDocument();
    expect(api.callsTo('post', UPLOAD_PATH)).toHaveLength(0);
  });

  it('a PDF-only field refuses an image with its own list', async () => {
    const { user, input } = await setup({ allowedFileTypes: ['pdf'] });
    expect(input).toHaveAttribute('accept', '.pdf,application/pdf');
    await user.upload(input, sized(50_000, 'photo.png', 'image/png'));
    expect(await screen.findByText('Please upload a file of type: pdf')).toBeInTheDocument();
  });

  it('a drop with no allowed file: "Allowed file types: …"', async () => {
    const { zone } = await setup();
    fireEvent.drop(zone(), {
      dataTransfer: { files: [sized(50_000, 'virus.exe', 'application/x-msdownload')] },
    });
    expect(await screen.findByText(FILE_TEXT.dropNoAllowed(ALL))).toBeInTheDocument();
    expect(api.callsTo('post', UPLOAD_PATH)).toHaveLength(0);
  });

  it('a partial mismatch keeps the allowed files and says "Only … files are allowed"', async () => {
    api.on('post', UPLOAD_PATH, { status: 200, body: ok(response()) });
    const { zone } = await setup({ maxFiles: 2 });
    fireEvent.drop(zone(), {
      dataTransfer: { files: [sized(50_000), sized(50_000, 'notes.txt', 'text/plain')] },
    });
    expect(await screen.findByText(FILE_TEXT.partialMismatch(ALL))).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('post', UPLOAD_PATH)).toHaveLength(1));
    const body = api.callsTo('post', UPLOAD_PATH)[0]?.body as FormData;
    expect((body.get('file') as File).name).toBe('marksheet.pdf');
  });

  it('more files than allowed: "Only N file(s) can be uploaded", the whole selection refused', async () => {
    const { zone } = await setup();
    fireEvent.drop(zone(), { dataTransfer: { files: [sized(50_000, 'a.pdf'), sized(50_000, 'b.pdf')] } });
    expect(await screen.findByText(FILE_TEXT.tooMany(1))).toBeInTheDocument();
    expect(screen.getByText('Only 1 file(s) can be uploaded')).toBeInTheDocument();
    expect(api.callsTo('post', UPLOAD_PATH)).toHaveLength(0);
  });
});

describe('FileUpload: uploading and the server verdicts', () => {
  it('uploads the file with its fileCategory (by tus), then shows the file card; the value is plain JSON', async () => {
    api.on('post', UPLOAD_PATH, { status: 200, body: ok(response()) });
    api.on('get', '/api/utility/files/file-1/link', {
      status: 200,
      body: ok({ url: 'https://files.example/signed/file-1', expiresAt: '2024-06-01T10:05:00.000Z' }),
    });
    const onValue = vi.fn();
    const { user, input } = await setup({ onValue, expectName: 'Asha Verma' });
    await user.upload(input, sized(40_000));
    const card = await screen.findByRole('article', { name: 'marksheet.pdf' });
    const body = api.callsTo('post', UPLOAD_PATH)[0]?.body as FormData;
    expect(body.get('fileCategory')).toBe('marksheet');
    expect(body.get('expectName')).toBe('Asha Verma');
    expect(within(card).getByText('40 KB')).toBeInTheDocument();
    expect(within(card).getByTestId('pdf-icon')).toBeInTheDocument();
    const value = onValue.mock.calls.at(-1)?.[0] as UploadedFile;
    expect(value).toEqual({
      fileId: 'file-1',
      fileUrl: '/api/utility/files/file-1/content',
      name: 'marksheet.pdf',
      mimeType: 'application/pdf',
      size: 40_000,
      state: 'COMPLETED',
      issues: [],
    });
    expect(JSON.parse(JSON.stringify(value))).toEqual(value);
    // A single-file field: the zone gives way to the card's Replace.
    expect(
      screen.queryByRole('button', { name: `Marksheet ${FILE_TEXT.uploadLabel}` }),
    ).not.toBeInTheDocument();

    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await user.click(within(card).getByRole('button', { name: 'View marksheet.pdf' }));
    await waitFor(() => expect(tab.location.href).toBe('https://files.example/signed/file-1'));
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    expect(tab.opener).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Remove marksheet.pdf' }));
    expect(onValue).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole('button', { name: `Marksheet ${FILE_TEXT.uploadLabel}` })).toBeInTheDocument();
  });

  it('a value restored from the server shows its card without uploading again', async () => {
    const restored = {
      fileId: 'file-9',
      fileUrl: '/api/utility/files/file-9/content',
      name: 'degree.pdf',
      mimeType: 'application/pdf',
      size: 120_000,
      state: 'COMPLETED',
    };
    await setup({ initial: restored });
    expect(screen.getByRole('article', { name: 'degree.pdf' })).toBeInTheDocument();
    expect(screen.getByText('120 KB')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('WARNING: the not-clear dialog; Proceed Anyway keeps the file', async () => {
    api.on('post', UPLOAD_PATH, {
      status: 200,
      body: ok(
        response({
          state: 'WARNING',
          issues: [
            { code: 'BLURRY', message: 'The image looks blurry', measured: 12, threshold: 100, page: null },
          ],
        }),
      ),
    });
    const onValue = vi.fn();
    const { user, input } = await setup({ onValue });
    await user.upload(input, sized(40_000));
    const dialog = await screen.findByRole('dialog', { name: FILE_TEXT.notClearTitle });
    expect(dialog).toHaveAccessibleDescription(FILE_TEXT.notClearBody);
    expect(within(dialog).getByText('The image looks blurry')).toBeInTheDocument();
    expect(onValue).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: FILE_TEXT.proceedAnyway }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'marksheet.pdf' })).toBeInTheDocument();
    expect(onValue).toHaveBeenLastCalledWith(expect.objectContaining({ fileId: 'file-1', state: 'WARNING' }));
  });

  it('WARNING: Upload Again drops the file and opens the picker again', async () => {
    api.on('post', UPLOAD_PATH, { status: 200, body: ok(response({ state: 'WARNING' })) });
    const onValue = vi.fn();
    const { user, input } = await setup({ onValue });
    const click = vi.spyOn(input, 'click');
    await user.upload(input, sized(40_000));
    click.mockClear();
    const dialog = await screen.findByRole('dialog', { name: FILE_TEXT.notClearTitle });
    await user.click(within(dialog).getByRole('button', { name: FILE_TEXT.uploadAgain }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(click).toHaveBeenCalledTimes(1);
    expect(onValue).not.toHaveBeenCalled();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('ERROR: the unsupported line inline, "Something went wrong…" expands the detail', async () => {
    api.on('post', UPLOAD_PATH, {
      status: 200,
      body: ok(
        response({
          state: 'ERROR',
          issues: [
            {
              code: 'PDF_ENCRYPTED',
              message: 'The PDF is password protected',
              measured: null,
              threshold: null,
              page: null,
            },
          ],
        }),
      ),
    });
    const onValue = vi.fn();
    const { user, input } = await setup({ onValue });
    await user.upload(input, sized(40_000));
    expect(await screen.findByText(FILE_TEXT.unsupported)).toBeInTheDocument();
    const more = screen.getByRole('button', { name: FILE_TEXT.failed });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText('The PDF is password protected')).toBeVisible();
    expect(onValue).not.toHaveBeenCalled();
  });

  it('a file the server refuses as unusable (134): the unsupported line, the reasons behind the link', async () => {
    const issue = {
      code: 'PDF_UNREADABLE',
      message: 'The PDF is damaged or incomplete',
      measured: null,
      threshold: null,
      page: null,
    };
    api.on('post', UPLOAD_PATH, {
      status: 422,
      body: fail(134, 'The PDF is damaged or incomplete', { state: 'ERROR', issues: [issue] }),
    });
    const { user, input } = await setup();
    await user.upload(input, sized(40_000));
    expect(await screen.findByText(FILE_TEXT.unsupported)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: FILE_TEXT.failed }));
    expect((await screen.findAllByText('The PDF is damaged or incomplete')).length).toBeGreaterThan(1);
  });

  it('a renamed non-PDF the server refuses by its content: the PDF-only field names its own type', async () => {
    // The server judges the content against the spec's general list and says so.
    api.on('post', UPLOAD_PATH, {
      status: 415,
      body: fail(130, 'Please upload a file of type: jpeg, jpg, png, pdf'),
    });
    const { user, input } = await setup({ allowedFileTypes: ['pdf'] });
    await user.upload(input, sized(50_000, 'notes.pdf', 'application/pdf'));
    // The snackbar and the inline line, both with the field's list.
    await waitFor(() => expect(screen.getAllByText('Please upload a file of type: pdf')).toHaveLength(2));
    expect(screen.queryByText(/jpeg, jpg, png/)).not.toBeInTheDocument();
    expect(screen.queryByText(FILE_TEXT.failed)).not.toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('a renamed image the server accepts as image/png is refused on a PDF-only field', async () => {
    api.on('post', UPLOAD_PATH, {
      status: 200,
      body: ok(response({ name: 'scan.pdf', mimeType: 'image/png', state: 'NULL' })),
    });
    const onValue = vi.fn();
    const { user, input } = await setup({ allowedFileTypes: ['pdf'], onValue });
    await user.upload(input, sized(50_000, 'scan.pdf', 'application/pdf'));
    await waitFor(() => expect(screen.getAllByText('Please upload a file of type: pdf')).toHaveLength(2));
    expect(screen.queryByText(FILE_TEXT.failed)).not.toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(onValue).not.toHaveBeenCalled();
  });

  it("a server refusal (413) shows the server's message as an error snackbar", async () => {
    api.on('post', UPLOAD_PATH, { status: 413, body: fail(113, 'file size should be less than 25 MB') });
    const { user, input } = await setup();
    await user.upload(input, sized(40_000));
    // The catalogue's snackbar (first letter capitalised) and the inline line.
    await waitFor(() => expect(screen.getAllByText('File size should be less than 25 MB')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: FILE_TEXT.failed }));
    expect(await screen.findByText('HTTP status 413')).toBeVisible();
    expect(screen.getByText('Code 113')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('NULL (no check applies) is accepted', async () => {
    api.on('post', UPLOAD_PATH, { status: 200, body: ok(response({ state: 'NULL' })) });
    const { user, input } = await setup();
    await user.upload(input, sized(40_000));
    expect(await screen.findByRole('article', { name: 'marksheet.pdf' })).toBeInTheDocument();
  });

  it('PROCESSING: asks for the verdict until the checks finish', async () => {
    api.on('post', UPLOAD_PATH, { status: 200, body: ok(response({ state: 'PROCESSING' })) });
    api.on(
      'get',
      '/api/utility/files/file-1',
      { status: 200, body: ok(response({ state: 'PROCESSING' })) },
      { once: true },
    );
    api.on('get', '/api/utility/files/file-1', { status: 200, body: ok(response({ state: 'COMPLETED' })) });
    const { user, input } = await setup({}, { fakeTimers: true });
    await user.upload(input, sized(40_000));
    expect(await screen.findByText('Checking your document…')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2 * CHECK_POLL.intervalMs));
    expect(await screen.findByRole('article', { name: 'marksheet.pdf' })).toBeInTheDocument();
    expect(api.callsTo('get', '/api/utility/files/file-1')).toHaveLength(2);
  });

  it('Cancel while the checks run (PROCESSING) stops asking and drops the row', async () => {
    api.on('post', UPLOAD_PATH, { status: 200, body: ok(response({ state: 'PROCESSING' })) });
    api.on('get', '/api/utility/files/file-1', { status: 200, body: ok(response({ state: 'PROCESSING' })) });
    const onValue = vi.fn();
    const { user, input } = await setup({ onValue }, { fakeTimers: true });
    await user.upload(input, sized(40_000));
    expect(await screen.findByText('Checking your document…')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel upload of marksheet.pdf' }));
    await waitFor(() => expect(screen.queryByText('Checking your document…')).not.toBeInTheDocument());
    // However many polls the machine's speed let through before the cancel, none comes after it.
    const asked = api.callsTo('get', '/api/utility/files/file-1').length;
    await act(() => vi.advanceTimersByTimeAsync(5 * CHECK_POLL.intervalMs));
    expect(api.callsTo('get', '/api/utility/files/file-1')).toHaveLength(asked);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onValue).not.toHaveBeenCalled();
  });

  it('shows a determinate progress bar while sending, and Cancel aborts', async () => {
    let progress: TransportRequest['onUploadProgress'];
    let signal: AbortSignal | undefined;
    // A transport that creates the (tus) upload, then reports the bytes of its PATCH going up and never
    // answers it (until aborted).
    setTransport((request) => {
      if (request.method === 'POST')
        return Promise.resolve({
          status: 201,
          body: '',
          headers: { location: '/api/utility/files/uploads/u1', 'tus-resumable': '1.0.0' },
        });
      return new Promise((_resolve, reject) => {
        if (request.method !== 'PATCH') return;
        progress = request.onUploadProgress;
        signal = request.signal;
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    });
    const { user, input } = await setup();
    await user.upload(input, sized(40_000));
    await waitFor(() => expect(progress).toBeDefined());
    act(() => progress?.({ loaded: 16_000, total: 40_000 }));
    const bar = screen.getByRole('progressbar', { name: 'Uploading marksheet.pdf' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('Uploading… 40%')).toBeInTheDocument();
    act(() => progress?.({ loaded: 40_000, total: 40_000 }));
    expect(screen.getByText('Checking your document…')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel upload of marksheet.pdf' }));
    expect(signal?.aborted).toBe(true);
  });
});

describe('FileUpload: keyboard, paste, accessibility', () => {
  it('the zone is a focusable button with a name and description; Enter and Space open the picker', async () => {
    const { user, input, zone } = await setup();
    const click = vi.spyOn(input, 'click');
    expect(zone()).toHaveAttribute('tabindex', '0');
    expect(zone()).toHaveAccessibleDescription(/jpeg, jpg, png, pdf/);
    await user.tab();
    expect(zone()).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(click).toHaveBeenCalledTimes(1);
    await user.keyboard(' ');
    expect(click).toHaveBeenCalledTimes(2);
  });

  it('pasting a file into the focused zone uploads it', async () => {
    api.on('post', UPLOAD_PATH, { status: 200, body: ok(response()) });
    const { zone } = await setup();
    zone().focus();
    fireEvent.paste(zone(), { clipboardData: { files: [sized(40_000)] } });
    expect(await screen.findByRole('article', { name: 'marksheet.pdf' })).toBeInTheDocument();
  });
});

describe('FileUpload in Hindi', () => {
  afterEach(async () => {
    await act(() => setLanguage('en', { persist: false }));
  });

  it('gives sizes through Intl and the checks’ findings by code; English keeps the server’s words', async () => {
    expect([formatSize(2_400_000), formatSize(1_000_000), formatSize(512_000), formatSize(999)]).toEqual([
      '2.4 MB',
      '1 MB',
      '512 KB',
      '999 B',
    ]);
    const blurry = { code: 'BLURRY', message: 'The document looks blurry or smudged (variance 12)', page: 2 };
    expect(issueText(blurry)).toBe(blurry.message);
    await act(() => setLanguage('hi', { persist: false }));
    expect(formatSize(2_400_000)).toBe('2.4 MB');
    expect(issueText(blurry)).toBe('पेज 2: दस्तावेज़ धुंधला या दाग़दार लग रहा है');
    expect(issueText({ code: 'SOMETHING_NEW', message: 'A new finding' })).toBe('A new finding');
  });

  it('labels the zone, its hint and the spec’s snackbars in Hindi', async () => {
    await act(() => setLanguage('hi', { persist: false }));
    const { input } = await setup({ maxFiles: 3, allowedFileTypes: ['pdf'] });
    expect(
      screen.getByRole('button', { name: 'Marksheet फ़ाइल अपलोड करने के लिए क्लिक करें (40KB - 25MB)' }),
    ).toHaveAccessibleDescription(/^pdf · फ़ाइलें यहाँ खींचकर छोड़ें या पेस्ट करें · ज़्यादा से ज़्यादा 3 फ़ाइलें/);
    fireEvent.change(input, { target: { files: [sized(10_000)] } });
    expect(await screen.findByText('फ़ाइल का साइज़ 40 KB से ज़्यादा होना चाहिए')).toBeInTheDocument();
    expect(api.callsTo('post', UPLOAD_PATH)).toHaveLength(0);
  });
});
