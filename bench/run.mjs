// `npm run bench`: every measure of bench/ in one run; prints a table and writes bench/results/latest.json.
// Each measure is a module exporting `name` and `run(ctx)` returning rows of { measure, value, unit, target, ok }.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildIfStale, root } from '../scripts/lib.mjs';
import * as loginBundle from './login-bundle.mjs';
import * as startup from './startup.mjs';
import * as throughput from './throughput.mjs';
import * as transactionInfo from './transaction-info.mjs';
import * as upload from './upload.mjs';

// `npm run bench -- throughput` runs only the named measures.
const only = process.argv.slice(2);
const measures = [loginBundle, startup, throughput, transactionInfo, upload].filter(
  (m) => only.length === 0 || only.includes(m.name),
);

buildIfStale();
const rows = [];
for (const measure of measures) {
  console.log(`\n--- ${measure.name}`);
  const result = await measure.run({ root });
  for (const row of result)
    console.log(
      `${row.measure}: ${row.value} ${row.unit} (target ${row.target}) ${row.ok ? 'OK' : 'MISSED'}`,
    );
  rows.push(...result);
}

console.log('\n| measure | value | target | |\n| --- | --- | --- | --- |');
for (const r of rows)
  console.log(`| ${r.measure} | ${r.value} ${r.unit} | ${r.target} | ${r.ok ? 'ok' : 'missed'} |`);
const dir = join(root, 'bench', 'results');
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'latest.json'), JSON.stringify({ at: new Date().toISOString(), rows }, null, 2));
