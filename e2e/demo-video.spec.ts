import type { Locator, Page } from '@playwright/test';
import {
  test,
  expect,
  apiLogin,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  uniqueMobile,
  useSession,
} from './fixtures';

// Issue 15: Watch Demo plays the walkthrough recorded by `npm run demo:record` (ADR 0034).

interface Playback {
  currentTime: number;
  readyState: number;
  paused: boolean;
  error: number | null;
  src: string;
  tracks: { language: string; mode: string; cues: number; active: string[] }[];
  trackStates: number[];
}

const playback = (video: Locator) =>
  video.evaluate((el: HTMLVideoElement): Playback => ({
    currentTime: el.currentTime,
    readyState: el.readyState,
    paused: el.paused,
    error: el.error?.code ?? null,
    src: el.currentSrc,
    tracks: Array.from({ length: el.textTracks.length }, (_, i) => el.textTracks[i]!).map((track) => ({
      language: track.language,
      mode: track.mode,
      cues: track.cues?.length ?? 0,
      active: Array.from(
        { length: track.activeCues?.length ?? 0 },
        (_, i) => (track.activeCues![i] as VTTCue).text,
      ),
    })),
    trackStates: Array.from(el.querySelectorAll('track'), (track) => track.readyState),
  }));

/** Opens Watch Demo from the top bar; returns the dialog. */
async function openDemo(page: Page, buttonName: string, dialogName: string) {
  await page.goto('/', { timeout: 30_000 });
  const button = page.getByRole('banner').getByRole('button', { name: buttonName });
  const dialog = page.getByRole('dialog', { name: dialogName });
  // The shell is pre-rendered: a click before the app takes over does nothing, so click until it opens.
  await expect(async () => {
    if (!(await dialog.isVisible())) await button.click({ timeout: 5_000 });
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  return dialog;
}

test('Watch Demo plays the walkthrough with English captions, at phone width', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await useSession(page, await apiLogin(request, uniqueMobile(), 'Asha Verma'));
  const mediaRequests: string[] = [];
  page.on('request', (r) => {
    if (/\.(webm|mp4)$/.test(new URL(r.url()).pathname)) mediaRequests.push(r.url());
  });
  const dialog = await openDemo(page, 'Watch Demo', 'How Veridocs works');
  const video = dialog.locator('video');
  await expect(video).toHaveCount(1);
  await expect(video).toHaveAccessibleName('Veridocs walkthrough video');
  await expect(video).toHaveAttribute('preload', 'none');
  // The poster shows before play; the video itself is not fetched yet.
  await expect
    .poll(() =>
      dialog.locator('video').evaluate(async (el: HTMLVideoElement) => {
        const img = new Image();
        img.src = el.poster;
        await img.decode().catch(() => {});
        return img.naturalWidth;
      }),
    )
    .toBe(360);
  expect(mediaRequests).toEqual([]);
  await expectNoSidewaysScroll(page, 'the demo dialog at 360 px');
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'test-results/demo-video/dialog-360.png' });

  // Played from the keyboard (the native controls), it really plays: time advances with decoded frames.
  await video.focus();
  await page.keyboard.press('Space');
  await expect
    .poll(async () => (await playback(dialog.locator('video'))).currentTime, { timeout: 30_000 })
    .toBeGreaterThan(2.5);
  const state = await playback(dialog.locator('video'));
  expect(state.error).toBeNull();
  expect(state.paused).toBe(false);
  expect(state.readyState).toBeGreaterThanOrEqual(2);
  // Chromium picks the first source it can play: the VP9 WebM.
  expect(state.src).toMatch(/\/assets\/walkthrough-[\w-]+\.webm$/);
  // English captions are on (the app's language), loaded, and the one for the moment shows.
  expect(state.trackStates).toEqual([2, 0]);
  expect(state.tracks.map((t) => [t.language, t.mode])).toEqual([
    ['en', 'showing'],
    ['hi', 'disabled'],
  ]);
  expect(state.tracks[0]?.cues).toBeGreaterThanOrEqual(10);
  await expect
    .poll(async () => (await playback(dialog.locator('video'))).tracks[0]?.active ?? [])
    .toEqual(['Type the one-time password (OTP) sent to your phone.']);
  await page.screenshot({ path: 'test-results/demo-video/playing-360.png' });

  // The MP4 (for iPhones without VP9) decodes and plays too.
  const mp4 = await dialog.locator('source[type="video/mp4"]').evaluate(async (source: HTMLSourceElement) => {
    const other = document.createElement('video');
    other.muted = true;
    other.src = source.src;
    await other.play();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const result = { time: other.currentTime, width: other.videoWidth, error: other.error?.code ?? null };
    other.pause();
    return result;
  });
  expect(mp4).toMatchObject({ width: 360, error: null });
  expect(mp4.time).toBeGreaterThan(0.5);

  // Served as media, cached for a year (hashed names), with ranges for seeking.
  const media = await request.get(state.src, { headers: { range: 'bytes=0-1023' } });
  expect(media.status()).toBe(206);
  expect(media.headers()['content-type']).toBe('video/webm');
  expect(media.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const trackSrc = await dialog.locator('track[srclang="en"]').evaluate((el: HTMLTrackElement) => el.src);
  const vtt = await request.get(trackSrc);
  expect(vtt.headers()['content-type']).toMatch(/^text\/vtt/);
  expect(vtt.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(await vtt.text()).toMatch(/^WEBVTT\n/);

  // Escape stops it: the dialog and its video are gone.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.locator('video')).toHaveCount(0);
});

test('in Hindi, the Hindi captions are the ones shown and they load', async ({ page, request, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await useSession(page, await apiLogin(request, uniqueMobile(), 'Asha Verma'));
  // The language the menu keeps (local storage, and the cookie that picks the pre-rendered shell).
  await page.addInitScript(() => window.localStorage.setItem('veridocs-language', 'hi'));
  await page.context().addCookies([{ name: 'veridocs-language', value: 'hi', url: baseURL! }]);
  const dialog = await openDemo(page, 'डेमो देखें', 'Veridocs कैसे काम करता है');
  const video = dialog.locator('video');
  await video.focus();
  await page.keyboard.press('Space');
  await expect
    .poll(async () => (await playback(video)).currentTime, { timeout: 30_000 })
    .toBeGreaterThan(2.5);
  const state = await playback(video);
  expect(state.error).toBeNull();
  expect(state.tracks.map((t) => [t.language, t.mode])).toEqual([
    ['en', 'disabled'],
    ['hi', 'showing'],
  ]);
  expect(state.trackStates[1]).toBe(2);
  await expect
    .poll(async () => (await playback(video)).tracks[1]?.active ?? [])
    .toEqual(['अपने फ़ोन पर आया वन-टाइम पासवर्ड (OTP) डालें।']);
  await page.screenshot({ path: 'test-results/demo-video/playing-hindi-desktop.png' });
  await dialog.getByRole('button', { name: 'डेमो बंद करें' }).click();
  await expect(dialog).toBeHidden();
});
