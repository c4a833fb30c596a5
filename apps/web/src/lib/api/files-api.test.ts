import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FileUploadResponse } from '@veridocs/shared';
import { makeSession, ok, storeSession } from '../../test/fixtures';
import { mockApi, type MockApi } from '../../test/mock-api';
import { createTestApp } from '../../test/render';
import { ApiError } from '../api-client';
import { uploadAndCheck, type UploadedFile } from './files-api';

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

describe('uploadAndCheck: upload, then ask for the verdict while PROCESSING', () => {
  it('a verdict at once: no polling', async () => {
    const upload = vi.fn(() => Promise.resolve(answer('WARNING')));
    const onUploaded = vi.fn();
    const file = new File(['x'], 'photo.jpg', { type: 'image/jpeg' });
    await expect(uploadAndCheck(file, { upload, onUploaded, fileCategory: 'photo' })).resolves.toEqual(
      answer('WARNING'),
    );
    expect(upload).toHaveBeenCalledWith(file, { fileCategory: 'photo' });
    expect(onUploaded).toHaveBeenCalledWith(answer('WARNING'));
    expect(api.callsTo('get', FILE_PATH)).toHaveLength(0);
  });

  it('PROCESSING: polls until the checks finish', async () => {
    api.on('get', FILE_PATH, { status: 200, body: ok(answer('PROCESSING')) }, { once: true });
    api.on('get', FILE_PATH, { status: 200, body: ok(answer('COMPLETED')) });
    const upload = () => Promise.resolve(answer('PROCESSING'));
    const result = await uploadAndCheck(new File(['x'], 'photo.jpg'), { upload, pollMs: 1 });
    expect(result.state).toBe('COMPLETED');
    expect(api.callsTo('get', FILE_PATH)).toHaveLength(2);
  });

  it('stops after maxPolls with the file still PROCESSING', async () => {
    api.on('get', FILE_PATH, { status: 200, body: ok(answer('PROCESSING')) });
    const upload = () => Promise.resolve(answer('PROCESSING'));
    const result = await uploadAndCheck(new File(['x'], 'photo.jpg'), { upload, pollMs: 1, maxPolls: 3 });
    expect(result.state).toBe('PROCESSING');
    expect(api.callsTo('get', FILE_PATH)).toHaveLength(3);
  });

  it('an abort while waiting rejects as a cancelled ApiError and asks no more', async () => {
    const controller = new AbortController();
    const upload = () => Promise.resolve(answer('PROCESSING'));
    const pending = uploadAndCheck(new File(['x'], 'photo.jpg'), {
      upload,
      pollMs: 60_000,
      signal: controller.signal,
    });
    controller.abort();
    const error: unknown = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).cancelled).toBe(true);
    expect(api.callsTo('get', FILE_PATH)).toHaveLength(0);
  });
});
