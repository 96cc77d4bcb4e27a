/**
 * `npm run test:mutation`: StrykerJS mutates the rule modules (each run's Stryker config names them, and its
 * vitest.mutation*.config.mjs the unit tests that judge them), then this writes the score per module to
 * docs/mutation-score.md and exits 1 when a module scores under 85 %. Not part of CI: a first run takes about an
 * hour on two cores; later runs are incremental (only mutants whose code or tests changed are tested again).
 *
 *   npm run test:mutation                       every run, then the score file
 *   npm run test:mutation -- apps/web           only that workspace's runs; the others' last reports are kept
 *   npm run test:mutation -- --report-only      rewrite the score file from the last reports
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
/** Each run: a workspace, its Stryker config and the JSON report that config writes. */
const RUNS = [
  { workspace: 'packages/contracts', config: 'stryker.config.mjs', report: 'reports/mutation' },
  { workspace: 'apps/server', config: 'stryker.config.mjs', report: 'reports/mutation' },
  { workspace: 'apps/server', config: 'stryker.scope.config.mjs', report: 'reports/mutation-scope' },
  { workspace: 'apps/server', config: 'stryker.placement.config.mjs', report: 'reports/mutation-placement' },
  { workspace: 'apps/server', config: 'stryker.sign-in.config.mjs', report: 'reports/mutation-sign-in' },
  { workspace: 'apps/web', config: 'stryker.config.mjs', report: 'reports/mutation' },
];
const MINIMUM = 85;
const SCORE_FILE = path.join(root, 'docs/mutation-score.md');
/** The hand-written explanation of the survivors, kept when the file is written again. */
const NOTES_HEADING = '## Why these survive';

const args = process.argv.slice(2);
const reportOnly = args.includes('--report-only');
const chosen = args.filter((arg) => !arg.startsWith('--'));
const toRun = reportOnly ? [] : RUNS.filter((run) => !chosen.length || chosen.includes(run.workspace));

for (const { workspace, config } of toRun) {
  console.log(`\n== Stryker: ${workspace} ${config}`);
  const run = spawnSync('npx', ['stryker', 'run', config], {
    cwd: path.join(root, workspace),
    stdio: 'inherit',
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

const reportOf = ({ workspace, report }) => path.join(root, workspace, report, 'mutation.json');
const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

const rows = [];
const survivors = [];
for (const run of RUNS.filter((candidate) => existsSync(reportOf(candidate)))) {
  const { workspace } = run;
  const { files } = JSON.parse(readFileSync(reportOf(run), 'utf8'));
  for (const [file, { mutants }] of Object.entries(files)) {
    const count = (status) => mutants.filter((mutant) => mutant.status === status).length;
    const detected = mutants.filter((mutant) => DETECTED.has(mutant.status)).length;
    const undetected = mutants.filter((mutant) => UNDETECTED.has(mutant.status));
    const score = (100 * detected) / (detected + undetected.length || 1);
    rows.push({
      module: `${workspace}/${file}`,
      killed: count('Killed'),
      timeout: count('Timeout'),
      survived: count('Survived'),
      noCoverage: count('NoCoverage'),
      score,
    });
    for (const mutant of undetected) {
      const { line, column } = mutant.location.start;
      const replacement = (mutant.replacement ?? '').replace(/\s+/g, ' ').slice(0, 80).replaceAll('|', '\\|');
      survivors.push(
        `| \`${workspace}/${file}:${line}:${column}\` | ${mutant.mutatorName} | ${mutant.status} | \`${replacement}\` |`,
      );
    }
  }
}

const previous = existsSync(SCORE_FILE) ? readFileSync(SCORE_FILE, 'utf8') : '';
const notesAt = previous.indexOf(NOTES_HEADING);
const notes = notesAt >= 0 ? previous.slice(notesAt) : `${NOTES_HEADING}\n\n(to be written)\n`;
const percent = (value) => `${value.toFixed(1)} %`;

writeFileSync(
  SCORE_FILE,
  [
    '# Mutation score of the rule modules',
    '',
    `Written by \`npm run test:mutation\` (scripts/mutation.mjs) from StrykerJS's reports on ${new Date().toISOString().slice(0, 10)}; each`,
    "run's Stryker config (`stryker.config.mjs`; the server's database-backed `stryker.scope.config.mjs`,",
    '`stryker.placement.config.mjs` and `stryker.sign-in.config.mjs`) names the modules (or their lines) mutated',
    `and its \`vitest.mutation*.config.mjs\` the tests that judge them. Score = (killed + timeout) ÷ (killed + timeout + survived + no coverage); each module must reach ${MINIMUM} %.`,
    '',
    '| module | killed | timeout | survived | no coverage | score |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (row) =>
        `| \`${row.module}\` | ${row.killed} | ${row.timeout} | ${row.survived} | ${row.noCoverage} | ${percent(row.score)} |`,
    ),
    '',
    '## Surviving mutants',
    '',
    ...(survivors.length
      ? ['| where | mutator | status | replacement |', '| --- | --- | --- | --- |', ...survivors]
      : ['None.']),
    '',
    notes.trimEnd(),
    '',
  ].join('\n'),
);
// Formatted as the repository's other files are (`npm run format:check` checks it too).
spawnSync('npx', ['prettier', '--write', SCORE_FILE], { cwd: root, stdio: 'inherit' });
console.log(`\nScores written to ${path.relative(root, SCORE_FILE)}`);

const low = rows.filter((row) => row.score < MINIMUM);
for (const row of low) console.error(`${row.module}: ${percent(row.score)}, under ${MINIMUM} %`);
process.exit(low.length ? 1 : 0);
