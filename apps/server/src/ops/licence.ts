/**
 * `npm run licence -- --school <id> --seats <n> --from <YYYY-MM-DD> --until <YYYY-MM-DD> [--name <name>]`: adds a
 * licence pack the vendor sold to a school (docs/rules.md LP1); `npm run licence -- --school <id>` lists its packs.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { addLicencePack, listLicencePacks } from '../modules/licences/licences.service.js';
import { runOperatorCommand } from './ops-database.js';

const { values } = parseArgs({
  options: {
    school: { type: 'string' },
    seats: { type: 'string' },
    from: { type: 'string' },
    until: { type: 'string' },
    name: { type: 'string', default: 'Licence' },
  },
});

runOperatorCommand(async ({ db }) => {
  if (!values.school) throw new Error('say which school: --school <id> (its id is in GET /api/v1/school)');
  if (values.seats === undefined) {
    for (const pack of await listLicencePacks(db, Number(values.school))) {
      console.log(`#${pack.id} ${pack.name}: ${pack.seats} seats, ${pack.startsOn} to ${pack.endsOn}`);
    }
    return;
  }
  const pack = await addLicencePack(db, {
    schoolId: values.school,
    seats: values.seats,
    startsOn: values.from,
    endsOn: values.until,
    name: values.name,
  });
  console.log(
    `Added pack #${pack.id} to school ${pack.schoolId}: ${pack.seats} seats, ${pack.startsOn} to ${pack.endsOn}.`,
  );
}, loadConfig());
