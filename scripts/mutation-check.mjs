// After `stryker run` (npm run mutation): fails when any mutated file scores under the threshold.
// Stryker's `thresholds.break` judges the total only, so a weak file can hide behind strong ones.
// Score = detected (killed, timed out) / valid (detected + survived + no coverage), as Stryker counts it.
import { readFileSync } from 'node:fs';

const THRESHOLD = Number(process.env.MUTATION_FILE_THRESHOLD ?? 90);
const reportPath = process.argv[2] ?? 'reports/mutation/mutation.json';
const report = JSON.parse(readFileSync(reportPath, 'utf8'));

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);
let failed = false;
const rows = Object.entries(report.files).map(([file, { mutants }]) => {
  const detected = mutants.filter((m) => DETECTED.has(m.status)).length;
  const undetected = mutants.filter((m) => UNDETECTED.has(m.status));
  const valid = detected + undetected.length;
  const score = valid === 0 ? 100 : (detected / valid) * 100;
  if (score < THRESHOLD) failed = true;
  return { file, score, detected, valid, undetected };
});

for (const { file, score, detected, valid, undetected } of rows.sort((a, b) => a.score - b.score)) {
  const mark = score < THRESHOLD ? 'FAIL' : 'ok  ';
  console.log(`${mark} ${score.toFixed(2).padStart(6)} %  ${detected}/${valid}  ${file}`);
  if (score < THRESHOLD) {
    for (const m of undetected) {
      console.log(
        `       ${m.status} ${m.mutatorName} line ${m.location.start.line}: ${m.replacement ?? ''}`,
      );
    }
  }
}
if (rows.length === 0) {
  console.error(`no mutated file in ${reportPath}`);
  process.exit(1);
}
if (failed) {
  console.error(
    `\nA mutated file scores under ${THRESHOLD} %: add tests that fail on its surviving mutants.`,
  );
  process.exit(1);
}
console.log(`\nEvery mutated file scores at least ${THRESHOLD} %.`);
