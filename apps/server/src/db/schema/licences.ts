/** Licence packs a school buys: seats for a period (LP1–LP4). */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns.js';
import { schoolRef } from './tenancy.js';

export const licencePacks = pgTable(
  'licence_packs',
  {
    id: id(),
    schoolId: schoolRef(),
    name: text().notNull(),
    seats: integer().notNull(),
    startsOn: date({ mode: 'string' }).notNull(),
    endsOn: date({ mode: 'string' }).notNull(),
    /** When its owner and department heads were told it ends within 30 days (LP4): once per pack. */
    endingNoticeAt: at(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.schoolId),
    check('licence_packs_seats_positive', sql`${t.seats} > 0`),
    check('licence_packs_period', sql`${t.startsOn} <= ${t.endsOn}`),
  ],
);
