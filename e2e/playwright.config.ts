import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  // Two browsers share the one server: the journeys mostly wait on it, so two at once halve the wall time.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // The CI machine is about three times slower than a developer's: a first page load there can pass 10 s.
  timeout: process.env.CI ? 120_000 : 60_000,
  expect: { timeout: process.env.CI ? 25_000 : 10_000 },
  // Every test's duration in CI's log too: the slow specs are the first thing to look at when CI grows.
  reporter: 'list',
  outputDir: '../test-results',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // A synthetic camera for the camera dialog; permission prompts answered yes.
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    },
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    cwd: '..',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    // A fresh data folder is migrated and seeded (14,000 reference rows) first: past a minute on a busy machine.
    timeout: 180_000,
    env: {
      PORT: String(PORT),
      // The browsers open baseURL: links and gateway returns the server makes must name the same origin,
      // or a candidate returning from the payment gateway lands where their session is not.
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_LOGIN_MAX: '200',
      RATE_LIMIT_OTP_MAX: '200',
      // The specs sign the two dev staff accounts in many times within the hour (ADR 0019's caps).
      OPS_SIGN_IN_CODES_PER_HOUR: '1000',
      OPS_WRONG_CODES_PER_HOUR: '1000',
      // Specs ask again for a mobile or e-mail OTP: waiting out the specification's 30 s each time cost
      // minutes of the run. The countdown the screens show follows the server's resendIn.
      OTP_RESEND_AFTER_SECONDS: '3',
      // console.spec.ts's webhook receiver listens on 127.0.0.1 (ADR 0025 "Webhook addresses").
      WEBHOOK_ALLOW_PRIVATE: '1',
    },
  },
});
