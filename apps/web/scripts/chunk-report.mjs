// Reports the gzip size of what each route loads, from the Vite manifest of `vite build`, and what the
// signed-in screens' first answers then load on top (their lazily loaded schemas).
// Usage: node scripts/chunk-report.mjs [--max-login-kb=160]   (run after `npx vite build`)
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

/** Every file a chunk needs before it runs: itself, its static imports (transitively) and their CSS. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const next of manifest[key]?.imports ?? []) closure(next, seen);
  return seen;
}

function files(keys) {
  const out = new Set();
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) continue;
    out.add(chunk.file);
    for (const css of chunk.css ?? []) out.add(css);
  }
  return out;
}

const gzipSize = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const entry = closure('index.html');
const routes = {
  '/login': 'src/features/auth/login-page.tsx',
  '/ (home, with the layout)': ['src/app/layout/app-layout.tsx', 'src/features/home/home-page.tsx'],
  '/terms (logged out)': ['src/app/layout/public-shell.tsx', 'src/features/info/terms-page.tsx'],
  // Issue 31 §2: the signed-in screens measured beside their floors (bench/pages.mjs).
  '/ekyc form home (before its lazy parts)': [
    'src/app/layout/app-layout.tsx',
    'src/features/ekyc/form-entry-page.tsx',
  ],
  '/wallet': ['src/app/layout/app-layout.tsx', 'src/features/wallet/wallet-page.tsx'],
  '/payment': ['src/app/layout/app-layout.tsx', 'src/features/payments/payment-screens.tsx'],
};

let loginTotal = 0;
for (const [route, sources] of Object.entries(routes)) {
  const keys = new Set(entry);
  for (const source of [sources].flat()) {
    if (!manifest[source]) throw new Error(`${source} is not a chunk in the manifest`);
    closure(source, keys);
  }
  const list = [...files(keys)];
  const total = list.reduce((sum, file) => sum + gzipSize(file), 0);
  if (route === '/login') loginTotal = total;
  console.log(`${route}: ${list.length} files, ${kb(total)} gzip`);
  if (process.argv.includes('--verbose')) {
    for (const file of list.sort((a, b) => gzipSize(b) - gzipSize(a)))
      console.log(`  ${kb(gzipSize(file)).padStart(9)}  ${file}`);
  }
}

// What a screen's first answers wait for on top: the lazily loaded schemas that parse them (ADR 0013),
// with whatever of their graph the screen has not loaded yet (issue 31 §2: the tiles wait for these).
const answers = {
  '/ekyc form home': [
    ['src/app/layout/app-layout.tsx', 'src/features/ekyc/form-entry-page.tsx'],
    ['src/app/store/api-schemas.ts'],
  ],
  '/wallet': [
    ['src/app/layout/app-layout.tsx', 'src/features/wallet/wallet-page.tsx'],
    ['src/app/store/api-schemas.ts', 'src/features/wallet/wallet-schemas.ts'],
  ],
  '/payment': [
    ['src/app/layout/app-layout.tsx', 'src/features/payments/payment-screens.tsx'],
    ['src/app/store/api-schemas.ts', 'src/features/payments/payment-schemas.ts'],
  ],
};
for (const [route, [sources, schemas]] of Object.entries(answers)) {
  const loaded = new Set(entry);
  for (const source of sources) closure(source, loaded);
  const before = files(loaded);
  const keys = new Set();
  for (const schema of schemas) {
    if (!manifest[schema]) throw new Error(`${schema} is not a chunk in the manifest`);
    closure(schema, keys);
  }
  const list = [...files(keys)].filter((file) => !before.has(file));
  const total = list.reduce((sum, file) => sum + gzipSize(file), 0);
  console.log(`${route}, then its answers' schemas: ${list.length} files, ${kb(total)} gzip`);
  if (process.argv.includes('--verbose')) {
    for (const file of list.sort((a, b) => gzipSize(b) - gzipSize(a)))
      console.log(`  ${kb(gzipSize(file)).padStart(9)}  ${file}`);
  }
}

const limitArg = process.argv.find((arg) => arg.startsWith('--max-login-kb='));
if (limitArg) {
  const limit = Number(limitArg.split('=')[1]) * 1024;
  if (loginTotal > limit) {
    console.error(`/login loads ${kb(loginTotal)} gzip, over the ${kb(limit)} budget`);
    process.exit(1);
  }
}
