/** District → schools → classes → people (A3). */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ROLES, DEFAULT_CLASS_SIZE, SUBJECT_ID } from '@readalong/contracts';
import { at, createdAt, id } from './columns.js';
import { passages } from './content.js';

export const roleEnum = pgEnum('role', ROLES);

export const districts = pgTable('districts', {
  id: id(),
  name: text().notNull(),
  audioRetentionDays: integer().notNull().default(365),
  createdAt: createdAt(),
});

export const schools = pgTable(
  'schools',
  {
    id: id(),
    districtId: integer()
      .notNull()
      .references(() => districts.id),
    name: text().notNull(),
    /** Passed power builders in a band before a level-up (L3, school-configurable). */
    booksToLevelUp: smallint().notNull().default(5),
    canvasUrl: text(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.districtId)],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    username: text().notNull(),
    passwordHash: text(),
    role: roleEnum().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text(),
    districtId: integer()
      .notNull()
      .references(() => districts.id),
    /** Null only for department heads, who belong to the district. */
    schoolId: integer().references(() => schools.id),
    isDisabled: boolean().notNull().default(false),
    /** Raised on every password change; access tokens carry the version they were issued under. */
    passwordVersion: integer().notNull().default(1),
    profilePicKey: text(),
    lastActiveAt: at(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
    index('users_email_lower').on(sql`lower(${t.email})`),
    index().on(t.schoolId, t.role),
    index().on(t.districtId, t.role),
    check('users_school_required', sql`${t.role} = 'department_head' OR ${t.schoolId} IS NOT NULL`),
  ],
);

/** A third-party identity, linked by the provider's user id, never by email alone (S10: none is set up yet). */
export const externalIdentities = pgTable(
  'external_identities',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text({ enum: ['google', 'apple', 'canvas'] }).notNull(),
    providerUserId: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerUserId] }), index().on(t.userId)],
);

export const academicLevels = pgTable('academic_levels', {
  id: id(),
  name: text().notNull(),
  position: smallint().notNull(),
});

export const subAcademicLevels = pgTable('sub_academic_levels', {
  id: id(),
  academicLevelId: integer()
    .notNull()
    .references(() => academicLevels.id),
  name: text().notNull(),
});

export const classes = pgTable(
  'classes',
  {
    id: id(),
    schoolId: integer()
      .notNull()
      .references(() => schools.id),
    districtId: integer()
      .notNull()
      .references(() => districts.id),
    name: text().notNull(),
    subjectId: integer().notNull().default(SUBJECT_ID),
    /** Capacity: enrolling past it is refused (M2). */
    numStudents: integer().notNull().default(DEFAULT_CLASS_SIZE),
    academicLevelId: integer().references(() => academicLevels.id),
    translationTargetLang: text(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.schoolId), index().on(t.districtId)],
);

export const classTeachers = pgTable(
  'class_teachers',
  {
    classId: integer()
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    teacherId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.classId, t.teacherId] }), index().on(t.teacherId)],
);

/** A student's reading state. One row per student user. */
export const students = pgTable(
  'students',
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    schoolId: integer()
      .notNull()
      .references(() => schools.id),
    districtId: integer()
      .notNull()
      .references(() => districts.id),
    homeClassId: integer().references(() => classes.id, { onDelete: 'set null' }),
    academicLevelId: integer().references(() => academicLevels.id),
    seriesId: smallint(),
    /** Null: no band yet (new, or reset), so placement comes first. */
    colourBandId: smallint(),
    /** The placement test to take next (R15, R17: stored on the user). */
    placementTestId: integer().references(() => passages.id),
    coins: integer().notNull().default(0),
    readAloudEnabled: boolean().notNull().default(true),
    narrationEnabled: boolean().notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.schoolId), index().on(t.districtId), index().on(t.homeClassId)],
);

export const enrolments = pgTable(
  'enrolments',
  {
    classId: integer()
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    studentId: integer()
      .notNull()
      .references(() => students.userId, { onDelete: 'cascade' }),
    schoolId: integer()
      .notNull()
      .references(() => schools.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.classId, t.studentId] }), index().on(t.studentId)],
);

/** The school a row belongs to: large tables carry it so scope conditions need no joins. */
export const schoolRef = () =>
  integer()
    .notNull()
    .references(() => schools.id);
/** The district a row belongs to. */
export const districtRef = () =>
  integer()
    .notNull()
    .references(() => districts.id);
/** The student a row belongs to; it goes with the student. */
export const studentRef = () =>
  integer()
    .notNull()
    .references(() => students.userId, { onDelete: 'cascade' });
