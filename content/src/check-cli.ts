/**
 * `npm run content:check [-- <part of a slug>]`: checks every passage (or the matching ones), then the library as a
 * whole, and prints each band's passages, measured range and mean sentence length. Exits non-zero on any problem.
 */
import { bandReport, libraryProblems, passageProblems } from './check.js';
import { readLibrary } from './library.js';

const only = process.argv[2];
const entries = readLibrary().filter((entry) => !only || entry.slug.includes(only));
let failures = 0;
for (const entry of entries) {
  const problems = passageProblems(entry);
  if (problems.length === 0) continue;
  failures += 1;
  console.log(`✗ ${entry.kind} ${entry.slug}`);
  for (const problem of problems) console.log(`    ${problem}`);
}
const whole = only ? [] : libraryProblems(entries);
console.log(`\n${entries.length} passages checked, ${failures} with problems.`);
console.log(
  '\nEach band (passages: power, rate and skill builders; books: power builders; sentence: mean sentence length;',
);
console.log('rarity: mean word rarity, see src/measure.ts):');
console.log(bandReport(entries).join('\n'));
if (whole.length)
  console.log(`\nThe library still lacks:\n${whole.map((problem) => `  - ${problem}`).join('\n')}`);
process.exit(failures || whole.length ? 1 : 0);
