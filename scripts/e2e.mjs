// `npm run test:e2e`: only the browser tests (builds first when stale).
import { buildIfStale, ensureChromium, run } from './lib.mjs';

buildIfStale();
const chromium = ensureChromium();
run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)], {
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
