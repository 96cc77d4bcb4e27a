/**
 * `npm run setup -- --district <name> --school <name> --name <first last> --email <address> [--username <name>]
 * [--seats <n> --until <YYYY-MM-DD> [--from <YYYY-MM-DD>]]`: a new district, its first school and department head,
 * who is mailed a link to choose a password (setup-district.ts).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { createServerDeps } from '../server-deps.js';
import { runOperatorCommand } from './ops-database.js';
import { setUpDistrict } from './setup-district.js';

const { values } = parseArgs({
  options: {
    district: { type: 'string', default: '' },
    school: { type: 'string', default: '' },
    name: { type: 'string', default: '' },
    email: { type: 'string', default: '' },
    username: { type: 'string' },
    seats: { type: 'string' },
    from: { type: 'string' },
    until: { type: 'string' },
  },
});

const config = loadConfig();
runOperatorCommand(async ({ db }) => {
  const deps = await createServerDeps(config, db);
  const made = await setUpDistrict(deps, {
    ...values,
    licence: values.seats ? { seats: values.seats, from: values.from, until: values.until } : undefined,
  });
  console.log(
    `Created district #${made.district.id} "${made.district.name}", school #${made.school.id} "${made.school.name}",`,
  );
  console.log(`and department head ${made.head.username} (${made.head.email}).`);
  if (made.pack)
    console.log(`Licence: ${made.pack.seats} seats, ${made.pack.startsOn} to ${made.pack.endsOn}.`);
  else
    console.log(
      `No licence yet: add one with npm run licence -- --school ${made.school.id} --seats … --from … --until …`,
    );
  console.log(
    config.mail.smtpUrl
      ? `The set-password link was mailed to ${made.head.email} over SMTP.`
      : `The set-password mail is in ${config.mail.outboxDir} (no SMTP_URL set).`,
  );
}, config);
