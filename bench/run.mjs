// `npm run bench`: every measure of bench/ in one run; prints a table and writes bench/results/latest.json.
// Each measure is a module exporting `name` and `run(ctx)` returning rows of { measure, value, unit, target, ok }
// (or { rows, extra }: extra's keys go to the top of latest.json, as the `pages` section does).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildIfStale, root } from '../scripts/lib.mjs';
import * as digilocker from './digilocker.mjs';
import * as institutions from './institutions.mjs';
import * as journeys from './journeys.mjs';
import * as loginBundle from './login-bundle.mjs';
import * as opsQueues from './ops-queues.mjs';
import * as orgPortal from './org-portal.mjs';
import * as pages from './pages.mjs';
import * as passport from './passport.mjs';
import * as referenceSearch from './reference-search.mjs';
import * as slowLinkUpload from './slow-link-upload.mjs';
import * as startup from './startup.mjs';
import * as throughput from './throughput.mjs';
import * as transactionInfo from './transaction-info.mjs';
import * as upload from './upload.mjs';

// `npm run bench -- throughput` runs only the named measures.
const only = process.argv.slice(2);
const all = [
  loginBundle,
  startup,
  throughput,
  transactionInfo,
  journeys,
  upload,
  slowLinkUpload,
  pages,
  passport,
  digilocker,
  opsQueues,
  referenceSearch,
  institutions,
  orgPortal,
];
const unknown = only.filter((n) => !all.some((m) => m.name === n));
if (unknown.length > 0) {
  console.error(`unknown measure ${unknown.join(', ')}; known: ${all.map((m) => m.name).join(', ')}`);
  process.exit(2);
}
const measures = all.filter((m) => only.length === 0 || only.includes(m.name));

const dir = join(root, 'bench', 'results');
const file = join(dir, 'latest.json');
const previous = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};

buildIfStale();
const rows = [];
const extra = {};
for (const measure of measures) {
  console.log(`\n--- ${measure.name}`);
  const result = await measure.run({ root, previous });
  const measureRows = Array.isArray(result) ? result : result.rows;
  if (!Array.isArray(result)) Object.assign(extra, result.extra);
  for (const row of measureRows)
    console.log(
      `${row.measure}: ${row.value} ${row.unit} (target ${row.target}) ${row.ok ? 'OK' : 'MISSED'}`,
    );
  rows.push(...measureRows);
}

console.log('\n| measure | value | target | |\n| --- | --- | --- | --- |');
for (const r of rows)
  console.log(`| ${r.measure} | ${r.value} ${r.unit} | ${r.target} | ${r.ok ? 'ok' : 'missed'} |`);

// A run of some measures replaces their rows (same `measure`) and keeps the others' last figures;
// sections such as `pages` keep the entries of other labels (the build before and after a change).
const byMeasure = new Map(rows.map((r) => [r.measure, r]));
const merged =
  only.length === 0
    ? rows
    : [
        ...(previous.rows ?? []).map((r) => byMeasure.get(r.measure) ?? r),
        ...rows.filter((r) => !(previous.rows ?? []).some((p) => p.measure === r.measure)),
      ];
mkdirSync(dir, { recursive: true });
writeFileSync(
  file,
  JSON.stringify({ ...previous, ...extra, at: new Date().toISOString(), rows: merged }, null, 2) + '\n',
);
