import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FileUploadResponse } from '@veridocs/shared';
import { makeSession, ok, storeSession } from '../../test/fixtures';
import { mockApi, type MockApi } from '../../test/mock-api';
import { createTestApp } from '../../test/render';
import { ApiError } from '../api-client';
import { CHECK_POLL, uploadAndCheck, type UploadedFile } from './files-api';

const FILE_PATH = '/api/utility/files/file-1';

const answer = (state: FileUploadResponse['state']): UploadedFile => ({
  fileId: 'file-1',
  fileUrl: `${FILE_PATH}/content`,
  name: 'photo.jpg',
  mimeType: 'image/jpeg',
  size: 50_000,
  state,
  issues: [],
});

let api: MockApi;
beforeEach(() => {
  api = mockApi();
  storeSession(makeSession());
  createTestApp();
});
afterEach(() => api.restore());

const UPLOAD_PATH = '/api/utility/files';
const photo = () => new File(['x'], 'photo.jpg', { type: 'image/jpeg' });

describe('uploadAndCheck: upload, then ask for the verdict while PROCESSING', () => {
  it('a verdict at once: no polling', async () => {
    api.on('post', UPLOAD_PATH, { status: 200, body: ok(answer('WARNING')) });
    const onUploaded = vi.fn();
    await expect(uploadAndCheck(photo(), { onUploaded, fileCategory: 'photo' })).resolves.toEqual(
      answer('WARNING'),
    );
    const body = api.callsTo('post', UPLOAD_PATH)[0]?.body as FormData;
    expect(body.get('fileCategory')).toBe('photo');
    expect(onUploaded).toHaveBeenCalledWith(answer('WARNING'));
    expect(api.callsTo('get', FILE_PATH)).toHaveLength(0);
  });

  it('PROCESSING: polls every intervalMs until the checks finish', async () => {
    vi.useFakeTimers();
    api.on('post', UPLOAD_PATH, { status: 200, body: ok(answer('PROCESSING')) });
    api.on('get', FILE_PATH, { status: 200, body: ok(answer('PROCESSING')) }, { once: true });
    api.on('get', FILE_PATH, { status: 200, body: ok(answer('COMPLETED')) });
    const pending = uploadAndCheck(photo());
    await vi.advanceTimersByTimeAsync(CHECK_POLL.intervalMs - 1);
    expect(api.callsTo('get', FILE_PATH)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(CHECK_POLL.intervalMs + 1);
    expect((await pending).state).toBe('COMPLETED');
    expect(api.callsTo('get', FILE_PATH)).toHaveLength(2);
  });

  it('stops after maxPolls with the file still PROCESSING', async () => {
    vi.useFakeTimers();
    api.on('post', UPLOAD_PATH, { status: 200, body: ok(answer('PROCESSING')) });
    api.on('get', FILE_PATH, { status: 200, body: ok(answer('PROCESSING')) });
    const pending = uploadAndCheck(photo());
    await vi.runAllTimersAsync();
    expect((await pending).state).toBe('PROCESSING');
    expect(api.callsTo('get', FILE_PATH)).toHaveLength(CHECK_POLL.maxPolls);
  });

  it('an abort while waiting rejects as a cancelled ApiError and asks no more', async () => {
    vi.useFakeTimers();
    api.on('post', UPLOAD_PATH, { status: 200, body: ok(answer('PROCESSING')) });
    const controller = new AbortController();
    const pending = uploadAndCheck(photo(), { signal: controller.signal });
    const settled = pending.catch((e: unknown) => e);
    // The upload is answered and the first wait has begun.
    await vi.advanceTimersByTimeAsync(1);
    expect(api.callsTo('post', UPLOAD_PATH)).toHaveLength(1);
    controller.abort();
    const error = await settled;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).cancelled).toBe(true);
    await vi.advanceTimersByTimeAsync(5 * CHECK_POLL.intervalMs);
    expect(api.callsTo('get', FILE_PATH)).toHaveLength(0);
  });
});
