import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { FILE_TEXT, type FileUploadResponse, type GeolocationResult } from '@veridocs/shared';
import { makeSession, ok, storeSession } from '../../test/fixtures';
import { mockApi, type MockApi } from '../../test/mock-api';
import { CHECK_POLL } from '../../lib/api/files-api';
import { renderWithProviders } from '../../test/render';
import { CameraDialog } from './camera-dialog';

const UPLOAD_PATH = '/api/utility/files';
const GEO_PATH = '/api/utility/geo/reverse';

const geoResult: GeolocationResult = {
  latitude: 12.9716,
  longitude: 77.5946,
  accuracy: null,
  timestamp: null,
  address: {
    address: '12 MG Road',
    locality: 'Shivajinagar',
    district: 'Bengaluru Urban',
    state: 'Karnataka',
    country: 'India',
    pincode: '560001',
  },
  mapImage: '/api/geo/map.png?lat=12.9716&lng=77.5946&zoom=15&size=600x400',
  ipAddress: '203.0.113.9',
  error: null,
};

const uploaded: FileUploadResponse = {
  fileId: 'photo-1',
  fileUrl: '/api/utility/files/photo-1/content',
  name: 'geo-tag-image.jpg',
  mimeType: 'image/jpeg',
  size: 50_000,
  sha256: 'b'.repeat(64),
  folderName: null,
  fileCategory: 'sitePhoto',
  state: 'COMPLETED',
  issues: [],
  pageCount: null,
  ocrText: null,
  createdAt: '2024-06-01T10:00:00.000Z',
};

interface FakeTrack {
  stop: Mock;
}
function fakeStream(): { stream: MediaStream; tracks: FakeTrack[] } {
  const tracks = [{ stop: vi.fn() }];
  return { stream: { getTracks: () => tracks } as unknown as MediaStream, tracks };
}

const named = (name: string) => Object.assign(new Error(name), { name });

let api: MockApi;
/** What POST /files answers (the first matching mock route wins, so the tests change this instead). */
let uploadAnswer: FileUploadResponse;
let getUserMedia: Mock;
let getCurrentPosition: Mock;
let streams: Array<ReturnType<typeof fakeStream>>;

function define(target: object, key: string, value: unknown) {
  Object.defineProperty(target, key, { configurable: true, writable: true, value });
}

beforeEach(() => {
  api = mockApi();
  storeSession(makeSession());
  streams = [];
  getUserMedia = vi.fn(() => {
    const next = fakeStream();
    streams.push(next);
    return Promise.resolve(next.stream);
  });
  define(navigator, 'mediaDevices', { getUserMedia });
  getCurrentPosition = vi.fn((success: PositionCallback) =>
    success({
      coords: { latitude: 12.9716, longitude: 77.5946, accuracy: 12.4 },
      timestamp: 1_717_236_000_000,
    } as GeolocationPosition),
  );
  define(navigator, 'geolocation', { getCurrentPosition });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    drawImage: vi.fn(),
  } as unknown as ReturnType<HTMLCanvasElement['getContext']>);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback, type) => {
    callback(new Blob([new Uint8Array(50_000)], { type: type ?? 'image/png' }));
  });
  define(
    URL,
    'createObjectURL',
    vi.fn(() => 'blob:preview'),
  );
  define(URL, 'revokeObjectURL', vi.fn());
  api.on('get', GEO_PATH, { status: 200, body: ok(geoResult) });
  api.on('get', '/api/geo/map.png', { status: 200, body: new Blob(['png'], { type: 'image/png' }) });
  uploadAnswer = uploaded;
  api.on('post', UPLOAD_PATH, () => ({ status: 200, body: ok(uploadAnswer) }));
});

afterEach(() => {
  api.restore();
  Reflect.deleteProperty(navigator, 'mediaDevices');
  Reflect.deleteProperty(navigator, 'geolocation');
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

/** With `fakeTimers`, the clock is the test's (the verdict polls wait CHECK_POLL.intervalMs). */
function renderDialog(props: { isAgent?: boolean; fakeTimers?: boolean } = {}) {
  if (props.fakeTimers) vi.useFakeTimers({ shouldAdvanceTime: true });
  const onDone = vi.fn();
  const onClose = vi.fn();
  const utils = renderWithProviders(
    <CameraDialog open onClose={onClose} onDone={onDone} fileCategory="sitePhoto" isAgent={props.isAgent} />,
    {
      userOptions: {
        applyAccept: false,
        ...(props.fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {}),
      },
    },
  );
  return { ...utils, onDone, onClose };
}

/** Capture a photo and wait for its location: Proceed is ready. */
async function captureLocated(user: ReturnType<typeof renderDialog>['user']) {
  const capture = await screen.findByRole('button', { name: FILE_TEXT.capture });
  await waitFor(() => expect(capture).toBeEnabled());
  await user.click(capture);
  expect(await screen.findByText('Accuracy: ±12 m')).toBeInTheDocument();
}

describe('CameraDialog', () => {
  it('capture → location with address, accuracy and map → Proceed uploads geo-tag-image.jpg and returns the geolocation', async () => {
    const { user, onDone } = renderDialog();
    const capture = await screen.findByRole('button', { name: FILE_TEXT.capture });
    await waitFor(() => expect(capture).toBeEnabled());
    expect(getUserMedia).toHaveBeenCalledWith({
      video: { facingMode: 'environment', width: { ideal: 1920 } },
      audio: false,
    });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: FILE_TEXT.uploadFromGallery })).not.toBeInTheDocument();

    await user.click(capture);
    expect(HTMLCanvasElement.prototype.toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', 0.9);
    // The camera is off once the photo is taken.
    expect(streams[0]?.tracks[0]?.stop).toHaveBeenCalled();
    expect(await screen.findByRole('img', { name: 'Captured photo' })).toHaveAttribute('src', 'blob:preview');
    expect(getCurrentPosition).toHaveBeenCalledWith(expect.any(Function), expect.any(Function), {
      enableHighAccuracy: true,
      timeout: 15_000,
      maximumAge: 0,
    });
    expect(
      await screen.findByText('12 MG Road, Shivajinagar, Bengaluru Urban, Karnataka, 560001, India'),
    ).toBeInTheDocument();
    expect(screen.getByText('Accuracy: ±12 m')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Map of where the photo was taken' })).toBeInTheDocument();
    expect(api.callsTo('get', GEO_PATH)[0]?.url).toBe(`${GEO_PATH}?lat=12.9716&lng=77.5946`);

    await user.click(screen.getByRole('button', { name: FILE_TEXT.proceed }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    const body = api.callsTo('post', UPLOAD_PATH)[0]?.body as FormData;
    const file = body.get('file') as File;
    expect(file.name).toBe('geo-tag-image.jpg');
    expect(file.type).toBe('image/jpeg');
    expect(body.get('fileCategory')).toBe('sitePhoto');
    expect(onDone).toHaveBeenCalledWith(
      expect.objectContaining({
        fileId: 'photo-1',
        name: 'geo-tag-image.jpg',
        geolocation: expect.objectContaining({
          latitude: 12.9716,
          longitude: 77.5946,
          accuracy: 12.4,
          timestamp: 1_717_236_000_000,
          address: geoResult.address,
        }),
      }),
    );
  });

  it('Flip Camera asks for the other facing camera; Retake starts the camera again', async () => {
    const { user } = renderDialog();
    const flip = await screen.findByRole('button', { name: FILE_TEXT.flipCamera });
    await waitFor(() => expect(flip).toBeEnabled());
    await user.click(flip);
    await waitFor(() => expect(getUserMedia).toHaveBeenCalledTimes(2));
    expect(getUserMedia).toHaveBeenLastCalledWith({
      video: { facingMode: 'user', width: { ideal: 1920 } },
      audio: false,
    });
    expect(streams[0]?.tracks[0]?.stop).toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('button', { name: FILE_TEXT.capture })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: FILE_TEXT.capture }));
    await user.click(await screen.findByRole('button', { name: FILE_TEXT.retake }));
    await waitFor(() => expect(getUserMedia).toHaveBeenCalledTimes(3));
    expect(getUserMedia).toHaveBeenLastCalledWith({
      video: { facingMode: 'user', width: { ideal: 1920 } },
      audio: false,
    });
  });

  it.each([
    ['NotAllowedError', FILE_TEXT.cameraPermission],
    ['NotFoundError', FILE_TEXT.noCamera],
    ['OverconstrainedError', FILE_TEXT.noCamera],
  ])('getUserMedia %s: "%s"', async (name, message) => {
    getUserMedia.mockRejectedValueOnce(named(name));
    renderDialog();
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('no geolocation: "Geolocation is not supported by this browser." and Proceed stays off', async () => {
    Reflect.deleteProperty(navigator, 'geolocation');
    const { user } = renderDialog();
    const capture = await screen.findByRole('button', { name: FILE_TEXT.capture });
    await waitFor(() => expect(capture).toBeEnabled());
    await user.click(capture);
    expect(await screen.findByText(FILE_TEXT.noGeolocation)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: FILE_TEXT.proceed })).toBeDisabled();
  });

  it('no 2d canvas context: "Canvas is not supported."', async () => {
    vi.mocked(HTMLCanvasElement.prototype.getContext).mockReturnValue(null);
    const { user } = renderDialog();
    const capture = await screen.findByRole('button', { name: FILE_TEXT.capture });
    await waitFor(() => expect(capture).toBeEnabled());
    await user.click(capture);
    expect(await screen.findByText(FILE_TEXT.noCanvas)).toBeInTheDocument();
  });

  it('no getUserMedia (in-app webviews): the spec message and the device capture input', async () => {
    define(navigator, 'mediaDevices', undefined);
    const { user, onDone } = renderDialog();
    expect(await screen.findByText(FILE_TEXT.noCamera)).toBeInTheDocument();
    const input = screen.getByTestId('camera-fallback-input');
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(input).toHaveAttribute('capture', 'environment');
    const click = vi.spyOn(input, 'click');
    // The dialog is announced once it has opened (after the first effects).
    await user.click(await screen.findByRole('button', { name: 'Take a photo with your device' }));
    expect(click).toHaveBeenCalled();

    await user.upload(input, new File([new Uint8Array(60_000)], 'IMG_0001.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('Accuracy: ±12 m')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: FILE_TEXT.proceed }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    const body = api.callsTo('post', UPLOAD_PATH)[0]?.body as FormData;
    expect((body.get('file') as File).name).toBe('geo-tag-image.jpg');
  });

  it('"Upload from Computer or Gallery" only for agents, for jpeg, jpg and png', async () => {
    renderDialog({ isAgent: true });
    expect(await screen.findByRole('button', { name: FILE_TEXT.uploadFromGallery })).toBeInTheDocument();
    expect(screen.getByTestId('camera-gallery-input')).toHaveAttribute(
      'accept',
      '.jpeg,.jpg,.png,image/jpeg,image/png',
    );
  });

  it('WARNING: the not-clear dialog; Proceed Anyway returns the photo', async () => {
    uploadAnswer = {
      ...uploaded,
      state: 'WARNING',
      issues: [
        { code: 'BLURRY', message: 'The photo looks blurry', measured: 12, threshold: 100, page: null },
      ],
    };
    const { user, onDone } = renderDialog();
    await captureLocated(user);
    await user.click(screen.getByRole('button', { name: FILE_TEXT.proceed }));
    const warning = await screen.findByRole('dialog', { name: FILE_TEXT.notClearTitle });
    expect(within(warning).getByText('The photo looks blurry')).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
    await user.click(within(warning).getByRole('button', { name: FILE_TEXT.proceedAnyway }));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(onDone).toHaveBeenCalledWith(
      expect.objectContaining({
        fileId: 'photo-1',
        state: 'WARNING',
        geolocation: expect.objectContaining({ latitude: 12.9716 }),
      }),
    );
  });

  it('WARNING: Upload Again drops the photo and starts the camera again', async () => {
    uploadAnswer = { ...uploaded, state: 'WARNING' };
    const { user, onDone } = renderDialog();
    await captureLocated(user);
    await user.click(screen.getByRole('button', { name: FILE_TEXT.proceed }));
    const warning = await screen.findByRole('dialog', { name: FILE_TEXT.notClearTitle });
    await user.click(within(warning).getByRole('button', { name: FILE_TEXT.uploadAgain }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: FILE_TEXT.notClearTitle })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('img', { name: 'Captured photo' })).not.toBeInTheDocument();
    await waitFor(() => expect(getUserMedia).toHaveBeenCalledTimes(2));
    expect(await screen.findByRole('button', { name: FILE_TEXT.capture })).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('PROCESSING: asks for the verdict until the checks finish, then returns the photo', async () => {
    uploadAnswer = { ...uploaded, state: 'PROCESSING' };
    api.on(
      'get',
      `${UPLOAD_PATH}/photo-1`,
      { status: 200, body: ok({ ...uploaded, state: 'PROCESSING' }) },
      { once: true },
    );
    api.on('get', `${UPLOAD_PATH}/photo-1`, { status: 200, body: ok(uploaded) });
    const { user, onDone } = renderDialog({ fakeTimers: true });
    await captureLocated(user);
    await user.click(screen.getByRole('button', { name: FILE_TEXT.proceed }));
    expect(await screen.findByText('Checking your photo…')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2 * CHECK_POLL.intervalMs));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(api.callsTo('get', `${UPLOAD_PATH}/photo-1`)).toHaveLength(2);
    expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ fileId: 'photo-1', state: 'COMPLETED' }));
  });

  it('PROCESSING that ends in WARNING asks too', async () => {
    uploadAnswer = { ...uploaded, state: 'PROCESSING' };
    api.on('get', `${UPLOAD_PATH}/photo-1`, { status: 200, body: ok({ ...uploaded, state: 'WARNING' }) });
    const { user, onDone } = renderDialog({ fakeTimers: true });
    await captureLocated(user);
    await user.click(screen.getByRole('button', { name: FILE_TEXT.proceed }));
    expect(await screen.findByText('Checking your photo…')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(CHECK_POLL.intervalMs));
    expect(await screen.findByRole('dialog', { name: FILE_TEXT.notClearTitle })).toBeInTheDocument();
    expect(api.callsTo('get', `${UPLOAD_PATH}/photo-1`)).toHaveLength(1);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('stops every track when the dialog goes away', async () => {
    const { unmount } = renderDialog();
    await waitFor(() => expect(screen.getByRole('button', { name: FILE_TEXT.capture })).toBeEnabled());
    unmount();
    expect(streams[0]?.tracks[0]?.stop).toHaveBeenCalled();
  });
});
