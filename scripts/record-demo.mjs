// `npm run demo:record`: records the "Watch Demo" walkthrough from the product itself (issue 15, ADR 0034).
//
// Starts the built product with dev tools on (a fresh data folder, the dev outbox and payment sandbox),
// drives a phone-size Chromium through the candidate's journey at a human pace (sign in with the OTP
// from the dev outbox, the form, a degree filled in with its marksheet uploaded, the rest skipped,
// payment at the sandbox, the submitted screen and home), captures the screen with the DevTools
// screencast, and encodes it with ffmpeg. Writes to apps/web/src/features/misc/demo-video/:
//   walkthrough.webm (VP9), walkthrough.mp4 (H.264, for older iPhones), poster.jpg and
//   captions.en.vtt / captions.hi.vtt, whose cues are the steps as they happened (texts:
//   scripts/demo-captions.json).
//
// ffmpeg is needed here only (Debian/Ubuntu: `sudo apt-get install -y ffmpeg`); nothing in `npm ci`,
// the tests or the product needs it. Playwright's own recordVideo is not used: it needs Playwright's
// ffmpeg download.
//
// Options: --port <n> (default 3290), --keep-frames (leaves the captured frames in data/demo-record).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { CHROMIUM_ARGS, buildIfStale, ensureChromium, root, startServer, stopServer } from './lib.mjs';

const OUT_DIR = join(root, 'apps/web/src/features/misc/demo-video');
const WORK_DIR = join(root, 'data', 'demo-record');
const FRAMES_DIR = join(WORK_DIR, 'frames');
const VIEWPORT = { width: 360, height: 720 };
const FPS = 10;
const CAPTIONS = JSON.parse(readFileSync(join(root, 'scripts/demo-captions.json'), 'utf8'));
const LANGUAGES = ['en', 'hi'];

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : fallback;
};
const PORT = Number(option('port', '3290'));
const BASE = `http://127.0.0.1:${PORT}`;

function requireFfmpeg() {
  const probe = spawnSync('ffmpeg', ['-hide_banner', '-encoders'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    console.error(
      [
        'ffmpeg is not installed. It encodes the demo video and is needed for recording only',
        '(nothing in npm ci, the tests or the product uses it). Install it, then run this again:',
        '  Debian/Ubuntu: sudo apt-get install -y ffmpeg',
        '  macOS:         brew install ffmpeg',
      ].join('\n'),
    );
    process.exit(1);
  }
  for (const encoder of ['libvpx-vp9', 'libx264']) {
    if (!probe.stdout.includes(encoder)) {
      console.error(`This ffmpeg has no ${encoder} encoder (Debian's ffmpeg package has both).`);
      process.exit(1);
    }
  }
}

function ffmpeg(ffArgs) {
  const result = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...ffArgs], {
    cwd: WORK_DIR,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`ffmpeg ${ffArgs.join(' ')} failed`);
}

/** A text PDF marksheet over the 40 KB minimum (the form refuses smaller files). */
async function marksheetPdf(name) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  page.drawText('UNIVERSITY OF DELHI', { x: 50, y: 800, size: 18, font });
  page.drawText('STATEMENT OF MARKS - BACHELOR OF SCIENCE', { x: 50, y: 775, size: 13, font });
  page.drawText(`Name: ${name}`, { x: 50, y: 745, size: 12, font });
  for (let i = 0; i < 36; i++)
    page.drawText(`Paper ${i + 1}   Marks ${60 + ((i * 7) % 40)} / 100   Passed`, {
      x: 50,
      y: 715 - i * 18,
      size: 10,
      font,
    });
  const bytes = Buffer.from(await doc.save());
  return bytes.length >= 45_000
    ? bytes
    : Buffer.concat([bytes, Buffer.from(`\n%${' '.repeat(45_000 - bytes.length)}\n`)]);
}

/** Draws a fading ring where the pointer goes down, so a viewer sees each tap. Runs in the page. */
/* global addEventListener, document, requestAnimationFrame */
const TAP_MARKER = () => {
  addEventListener(
    'pointerdown',
    (event) => {
      const ring = document.createElement('div');
      ring.setAttribute('aria-hidden', 'true');
      Object.assign(ring.style, {
        position: 'fixed',
        left: `${event.clientX - 18}px`,
        top: `${event.clientY - 18}px`,
        width: '36px',
        height: '36px',
        borderRadius: '50%',
        background: 'rgba(25, 118, 210, 0.35)',
        border: '2px solid rgba(25, 118, 210, 0.9)',
        pointerEvents: 'none',
        zIndex: '2147483647',
        transition: 'opacity 600ms ease-out, transform 600ms ease-out',
      });
      document.documentElement.appendChild(ring);
      requestAnimationFrame(() => {
        ring.style.opacity = '0';
        ring.style.transform = 'scale(1.6)';
      });
      setTimeout(() => ring.remove(), 700);
    },
    true,
  );
};

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function latestOtp(mobile) {
  for (let i = 0; i < 100; i++) {
    const body = await (await fetch(`${BASE}/api/dev/outbox?to=${mobile}`)).json();
    const otp = body?.data?.list?.[0]?.otp;
    if (otp) return otp;
    await pause(100);
  }
  throw new Error(`no OTP in the dev outbox for ${mobile}`);
}

/** The screencast: every frame Chromium paints, with the time it came (seconds since the epoch). */
async function startCapture(page) {
  rmSync(FRAMES_DIR, { recursive: true, force: true });
  mkdirSync(FRAMES_DIR, { recursive: true });
  const cdp = await page.context().newCDPSession(page);
  const frames = [];
  cdp.on('Page.screencastFrame', ({ data, sessionId }) => {
    const file = `frames/${String(frames.length).padStart(5, '0')}.jpg`;
    writeFileSync(join(WORK_DIR, file), Buffer.from(data, 'base64'));
    frames.push({ file, at: Date.now() / 1000 });
    cdp.send('Page.screencastFrameAck', { sessionId }).catch(() => {});
  });
  await cdp.send('Page.startScreencast', {
    format: 'jpeg',
    quality: 92,
    maxWidth: VIEWPORT.width,
    maxHeight: VIEWPORT.height,
    everyNthFrame: 1,
  });
  return {
    frames,
    stop: async () => {
      await cdp.send('Page.stopScreencast');
      await cdp.detach();
    },
  };
}

/** Caption cues: each step from its start to the next step's start. */
function vtt(cues, end, language) {
  const stamp = (seconds) => {
    const ms = Math.max(0, Math.round(seconds * 1000));
    const h = String(Math.floor(ms / 3_600_000)).padStart(2, '0');
    const m = String(Math.floor(ms / 60_000) % 60).padStart(2, '0');
    const s = String(Math.floor(ms / 1000) % 60).padStart(2, '0');
    return `${h}:${m}:${s}.${String(ms % 1000).padStart(3, '0')}`;
  };
  const blocks = cues.map((cue, i) => {
    const until = i + 1 < cues.length ? cues[i + 1].at : end;
    const text = CAPTIONS[cue.key]?.[language];
    if (!text) throw new Error(`scripts/demo-captions.json has no ${language} text for "${cue.key}"`);
    // The first caption is on from the first frame.
    return `${i + 1}\n${stamp(i === 0 ? 0 : cue.at)} --> ${stamp(until)}\n${text}`;
  });
  return `WEBVTT\n\n${blocks.join('\n\n')}\n`;
}

/**
 * The candidate's journey, step by step: `step` marks when each caption starts; `fast` wraps a wait for
 * the server (an upload's checks take seconds, more on a busy machine), played fast in the video.
 */
async function journey(page, { begin, step, fast }) {
  const demo = (await (await fetch(`${BASE}/api/dev/demo`)).json()).data;
  const link = new URL(demo.paidLink);
  const mobile = `98${String(Date.now() % 1e8).padStart(8, '0')}`;

  const tap = async (locator) => {
    await locator.scrollIntoViewIfNeeded();
    await pause(350);
    await locator.click();
  };
  const type = async (locator, text) => {
    await tap(locator);
    await locator.pressSequentially(text, { delay: 85 });
  };

  await page.goto(`${BASE}${link.pathname}${link.search}`);
  await page.waitForURL(/\/login$/);
  await page.getByLabel('Mobile Number').waitFor();
  // The video starts on the sign-in page (not on the moment before the link sends there).
  await begin();
  await pause(1_000);

  await step('signIn');
  await type(page.getByLabel('Mobile Number'), mobile);
  await pause(700);
  await tap(page.getByRole('button', { name: 'Get OTP' }));

  await step('otp');
  const otp = await fast(() => latestOtp(mobile));
  await fast(() => page.getByLabel('OTP digit 1 of 6').waitFor());
  await pause(900);
  await tap(page.getByLabel('OTP digit 1 of 6'));
  await page.keyboard.type(otp, { delay: 180 });
  await pause(600);
  await tap(page.getByRole('button', { name: 'Verify OTP' }));

  await step('name');
  await type(page.getByLabel('Full Name'), 'Asha Verma');
  await pause(600);
  await tap(page.getByRole('button', { name: 'Create Wallet' }));

  await fast(() => page.getByRole('button', { name: 'Start Verification' }).waitFor({ timeout: 60_000 }));
  await step('start');
  await pause(2_200);
  await tap(page.getByRole('button', { name: 'Start Verification' }));
  // A form without a questionnaire asks to confirm.
  const confirm = page.getByRole('dialog').getByRole('button', { name: 'Start', exact: true });
  await fast(() => confirm.waitFor());
  await pause(1_200);
  await tap(confirm);

  const heading = page.getByText('Demo University is requesting the following verifications');
  await fast(() => heading.waitFor({ timeout: 60_000 }));
  await step('formHome');
  await pause(2_000);
  await page.mouse.wheel(0, 260);
  await pause(1_800);

  await step('degree');
  await tap(page.getByRole('button', { name: /^Degree, / }));
  await fast(() => page.waitForURL(/\/verification\?/));
  const institute = page.getByRole('combobox', { name: 'University or institute' });
  await fast(() => institute.waitFor());
  await pause(900);
  await type(institute, 'Delhi');
  await pause(700);
  await tap(page.getByRole('option', { name: 'University of Delhi' }));
  await pause(500);
  await type(page.getByLabel('Degree', { exact: true }), 'Bachelor of Science');
  await pause(500);
  await tap(page.getByRole('combobox', { name: 'Passing year' }));
  await pause(600);
  await tap(page.getByRole('option', { name: '2019' }));
  await pause(500);
  await type(page.getByRole('textbox', { name: 'Registration or roll number' }), 'DU-2016-0042');
  await pause(500);
  await tap(page.getByRole('combobox', { name: 'Documents available' }));
  await pause(600);
  await tap(page.getByRole('option', { name: 'Degree and marksheets available' }));
  await pause(900);

  await step('upload');
  const input = page.getByTestId('marksheet-input');
  await page.getByText('Upload Education Marksheet').first().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 160);
  await pause(1_200);
  await input.setInputFiles({
    name: 'marksheet.pdf',
    mimeType: 'application/pdf',
    buffer: await marksheetPdf('Asha Verma'),
  });
  // Marksheets are merged into one PDF in the order shown; one file is uploaded as it is.
  const upload = page.getByRole('button', { name: /^(Upload|Merge and upload)/ });
  await fast(() => upload.waitFor());
  await pause(1_200);
  await tap(upload);
  // The stored file's card (not the list of picked files, whose rows have their own Remove).
  const card = page.getByText('marksheet-merged.pdf');
  await fast(() => card.waitFor({ timeout: 60_000 }));
  await card.scrollIntoViewIfNeeded();
  await fast(() => page.getByText('All changes saved').waitFor({ timeout: 60_000 }));
  await pause(2_000);

  await step('submitCheck');
  await pause(800);
  await tap(page.getByRole('button', { name: 'Submit', exact: true }));
  await fast(() =>
    page.getByRole('button', { name: /^Degree, Ready To Submit/i }).waitFor({ timeout: 60_000 }),
  );
  await pause(1_800);

  await step('continue');
  await tap(page.getByRole('button', { name: 'Continue' }));
  const skip = page.getByRole('dialog').getByRole('button', { name: 'Skip pending' });
  await fast(() => skip.waitFor());
  await pause(1_800);
  await tap(skip);

  const fastTrack = page.getByRole('dialog', { name: 'Fast-track verification' });
  const modeHeading = page.getByRole('heading', { name: 'Choose how fast you need the verification' });
  await fast(() => modeHeading.or(fastTrack).first().waitFor({ timeout: 60_000 }));
  if (await fastTrack.isVisible()) await tap(fastTrack.getByRole('button', { name: 'Proceed' }));
  await fast(() => page.waitForURL(/\/select-mode\?/));
  await step('mode');
  await pause(2_500);
  await tap(page.getByRole('button', { name: 'Continue' }));

  await fast(() => page.waitForURL(/\/choose-payment-region\?/));
  await step('region');
  await pause(1_200);
  await tap(page.getByRole('radio', { name: /India/ }));
  await pause(700);
  await tap(page.getByRole('button', { name: 'Continue' }));

  await fast(() => page.waitForURL(/\/payment\?/));
  const payButton = page.getByRole('button', { name: /Continue to Pay|Pay \(/ });
  await fast(() => payButton.waitFor({ timeout: 60_000 }));
  await step('pay');
  await pause(1_500);
  await page.mouse.wheel(0, 300);
  await pause(1_500);
  await tap(payButton);
  await fast(() => page.waitForURL(/\/api\/payments\/sandbox\/checkout\//, { timeout: 60_000 }));
  const sandboxPay = page.getByRole('button', { name: /^Pay / });
  await fast(() => sandboxPay.waitFor());
  await pause(1_500);
  await tap(sandboxPay);

  await fast(() => page.waitForURL(/\/submitted$/, { timeout: 60_000 }));
  await fast(() => page.getByRole('heading', { name: 'Your verification has been submitted' }).waitFor());
  await step('submitted');
  await pause(3_000);

  await step('status');
  const home = page
    .getByRole('link', { name: 'Go to Home' })
    .or(page.getByRole('button', { name: 'Go to Home' }));
  if (await home.first().isVisible()) await tap(home.first());
  else await page.goto(`${BASE}/`);
  await fast(() => page.waitForURL(`${BASE}/`, { timeout: 60_000 }));
  await fast(() =>
    page
      .getByText(demo.paidFormName ?? 'Demo University')
      .first()
      .waitFor({ timeout: 60_000 })
      .catch(() => {}),
  );
  await pause(3_500);
}

async function main() {
  requireFfmpeg();
  buildIfStale();
  const executablePath = ensureChromium();
  rmSync(WORK_DIR, { recursive: true, force: true });
  mkdirSync(WORK_DIR, { recursive: true });
  const server = await startServer({
    port: PORT,
    dataDir: join(WORK_DIR, 'data'),
    env: { DEV_TOOLS: '1', PUBLIC_URL: BASE },
  });
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  // Stopped with Ctrl+C: no server or browser left behind.
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.once(signal, () => {
      void Promise.allSettled([browser.close(), stopServer(server)]).then(() => process.exit(130));
    });
  try {
    const context = await browser.newContext({
      viewport: VIEWPORT,
      deviceScaleFactor: 1,
      isMobile: true,
      hasTouch: true,
      locale: 'en-IN',
      reducedMotion: 'no-preference',
    });
    await context.addInitScript(TAP_MARKER);
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    let capture = null;
    let t0 = 0;
    const now = () => Date.now() / 1000 - t0;
    const cues = [];
    const waits = [];
    await journey(page, {
      begin: async () => {
        capture = await startCapture(page);
        t0 = Date.now() / 1000;
      },
      step: async (key) => {
        cues.push({ key, at: now() });
        console.log(`${now().toFixed(1)} s  ${key}`);
      },
      fast: async (wait) => {
        const from = now();
        const result = await wait();
        waits.push({ from, to: now() });
        return result;
      },
    });
    const end = now();
    await capture.stop();
    await context.close();
    const time = timeline(waits);
    const frames = capture.frames.map((frame) => ({ ...frame, at: time(frame.at - t0) }));
    encode(
      frames,
      time(end),
      cues.map((cue) => ({ ...cue, at: time(cue.at) })),
    );
  } finally {
    await browser.close();
    await stopServer(server);
  }
  if (!args.includes('--keep-frames')) rmSync(FRAMES_DIR, { recursive: true, force: true });
}

/** The longest a wait for the server lasts in the video (seconds); longer waits are sped up to it. */
const MAX_WAIT = 1.2;

/**
 * Recording time → video time: each wait longer than MAX_WAIT plays at the speed that makes it
 * MAX_WAIT long; the rest plays in real time. Frames and caption cues go through the same map.
 */
function timeline(waits) {
  const long = waits.filter((w) => w.to - w.from > MAX_WAIT).sort((a, b) => a.from - b.from);
  return (t) => {
    let cut = 0;
    for (const w of long) {
      const length = w.to - w.from;
      if (t >= w.to) cut += length - MAX_WAIT;
      else if (t > w.from) cut += (t - w.from) * (1 - MAX_WAIT / length);
    }
    return t - cut;
  };
}

function encode(frames, end, cues) {
  if (frames.length === 0) throw new Error('the screencast sent no frames');
  // Frames come when the page paints: each is shown until the next (the concat demuxer's durations),
  // then resampled to a steady FPS.
  const lines = ['ffconcat version 1.0'];
  frames.forEach((frame, i) => {
    const from = i === 0 ? 0 : frame.at;
    const until = i + 1 < frames.length ? frames[i + 1].at : end;
    lines.push(`file '${frame.file}'`, `duration ${Math.max(0.001, until - from).toFixed(3)}`);
  });
  lines.push(`file '${frames.at(-1).file}'`);
  writeFileSync(join(WORK_DIR, 'frames.txt'), `${lines.join('\n')}\n`);
  const input = ['-f', 'concat', '-safe', '0', '-i', 'frames.txt'];
  const filter = `fps=${FPS},scale=${VIEWPORT.width}:-2:flags=lanczos,format=yuv420p`;
  mkdirSync(OUT_DIR, { recursive: true });
  const out = (name) => join(OUT_DIR, name);

  // VP9 at constant quality (-b:v 0 -crf): UI screens compress to little.
  ffmpeg(
    [...input, '-vf', filter, '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '40', '-g', String(FPS * 5)].concat([
      '-deadline',
      'good',
      '-cpu-used',
      '1',
      '-row-mt',
      '1',
      '-an',
      out('walkthrough.webm'),
    ]),
  );
  // H.264 Main for iPhones without VP9; faststart so it plays while downloading.
  ffmpeg(
    [...input, '-vf', filter, '-c:v', 'libx264', '-preset', 'veryslow', '-crf', '30', '-tune', 'stillimage']
      .concat(['-profile:v', 'main', '-g', String(FPS * 5), '-movflags', '+faststart', '-an'])
      .concat([out('walkthrough.mp4')]),
  );
  // The poster: the form home, a moment after it opened.
  const formHome = cues.find((cue) => cue.key === 'formHome')?.at ?? 0;
  ffmpeg([
    '-ss',
    (formHome + 1.5).toFixed(2),
    '-i',
    out('walkthrough.webm'),
    '-frames:v',
    '1',
    '-q:v',
    '5',
    out('poster.jpg'),
  ]);
  for (const language of LANGUAGES) writeFileSync(out(`captions.${language}.vtt`), vtt(cues, end, language));

  const sizes = ['walkthrough.webm', 'walkthrough.mp4', 'poster.jpg'].map(
    (name) => `${name} ${(statSync(out(name)).size / 1024).toFixed(0)} KB`,
  );
  console.log(`${end.toFixed(1)} s, ${frames.length} frames captured → ${sizes.join(', ')}`);
  console.log(`Written to ${OUT_DIR}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
