/**
 * Each scope helper, role by role, over the world of test/world.ts: two districts (home, away) × two schools (a, b)
 * × two classes (1, 2), each class with a teacher and a student and their records. The callers sit in home-a1.
 * The expected rows are written out by hand, so a scope widened by one step (a teacher seeing the school, an owner
 * the district) fails here before any endpoint does (docs/rules.md A3).
 */
import { and } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@readalong/contracts';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { buildScopeEdges, buildWorld, type World } from '../../../test/world.js';
import {
  alerts,
  assignments,
  classes,
  notifications,
  recordings,
  schools,
  students,
  users,
  worksheets,
} from '../../db/schema/index.js';
import type { Actor } from '../../domain/actor.js';
import { AppError } from '../../domain/errors.js';
import { requireVisibleClass, requireVisibleStudent, schoolInScope } from './in-scope.js';
import {
  alertsOfPickedSchool,
  classesOfPickedSchool,
  staffOfPickedSchool,
  studentsOfPickedSchool,
  visibleAlerts,
  visibleAssignments,
  visibleClasses,
  visibleNotifications,
  visibleRecordings,
  visibleSchools,
  visibleStaff,
  visibleStudents,
  visibleWorksheets,
  wholeSchoolsInScope,
} from './scope.js';

let t: TestApp;
let world: World;
let edges: Awaited<ReturnType<typeof buildScopeEdges>>;
beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t);
  edges = await buildScopeEdges(t, world);
});
afterAll(() => t.close());

type Corner = ReturnType<World['corner']> extends Promise<infer C> ? C : never;

/** The two districts of the world with the names the expected rows use. */
function districts() {
  return [
    [world.home, 'home'],
    [world.away, 'away'],
  ] as const;
}

/** Every class corner of the world by name: district, school letter, class number. */
function corners(): Record<string, Corner> {
  const named: Record<string, Corner> = {};
  for (const [district, name] of districts()) {
    district.schools.forEach((school, s) =>
      school.classes.forEach((klass, c) => (named[`${name}-${'ab'[s]}${c + 1}`] = klass)),
    );
  }
  return named;
}

function actor(role: Role): Actor {
  return {
    userId: world.callers[role].id,
    role,
    schoolId: role === 'department_head' ? null : world.home.schools[0].school.id,
    districtId: world.home.district.id,
    sessionId: 'scope-test',
  };
}

const ROLES: Role[] = ['student', 'teacher', 'owner', 'department_head'];

/** The rows a condition let through, by their names in the world (`?id` for a row nobody named), sorted. */
function namesOf(rows: { id: number }[], nameOf: Map<number, string>): string[] {
  return rows.map((row) => nameOf.get(row.id) ?? `?${row.id}`).sort();
}

/** What a caller of home-a1 reaches of the per-class records (students, classes, worksheets, …). */
const CLASS_REACH: Record<Role, string[]> = {
  student: ['home-a1'],
  teacher: ['home-a1'],
  owner: ['home-a1', 'home-a2'],
  department_head: ['home-a1', 'home-a2', 'home-b1', 'home-b2'],
};

/** CLASS_REACH, with the edge rows of home-a1 that every staff role sees and the student does not. */
function staffAlsoSee(...names: string[]): Record<Role, string[]> {
  const reach = (role: Role) => (role === 'student' ? [] : names);
  return Object.fromEntries(
    ROLES.map((role) => [role, [...CLASS_REACH[role], ...reach(role)].sort()]),
  ) as Record<Role, string[]>;
}

type Edges = typeof edges;
const noEdges = (): [number, string][] => [];

const KINDS = [
  {
    kind: 'students',
    table: students,
    id: students.userId,
    idOf: (c: Corner) => c.student.id,
    edgesOf: (e: Edges): [number, string][] => [[e.classmate.id, 'home-a1 classmate']],
    condition: visibleStudents,
    // A student sees themselves, not their classmate.
    reach: staffAlsoSee('home-a1 classmate'),
  },
  {
    kind: 'classes',
    table: classes,
    id: classes.id,
    idOf: (c: Corner) => c.class.id,
    edgesOf: noEdges,
    condition: visibleClasses,
    reach: CLASS_REACH,
  },
  {
    kind: 'worksheets',
    table: worksheets,
    id: worksheets.id,
    idOf: (c: Corner) => c.worksheet.id,
    edgesOf: noEdges,
    condition: visibleWorksheets,
    reach: CLASS_REACH,
  },
  {
    kind: 'recordings',
    table: recordings,
    id: recordings.id,
    idOf: (c: Corner) => c.recording.id,
    edgesOf: noEdges,
    condition: visibleRecordings,
    reach: CLASS_REACH,
  },
  {
    kind: 'alerts',
    table: alerts,
    id: alerts.id,
    idOf: (c: Corner) => c.alert.id,
    edgesOf: (e: Edges): [number, string][] => [[e.staffFacingAlert.id, 'home-a1 staff-facing']],
    condition: visibleAlerts,
    // P1: an alert about a student that is not student-facing is for the staff alone.
    reach: staffAlsoSee('home-a1 staff-facing'),
  },
  {
    kind: 'assignments',
    table: assignments,
    id: assignments.id,
    idOf: (c: Corner) => c.assignment.id,
    edgesOf: (e: Edges): [number, string][] => [
      [e.forCaller.id, 'home-a1 for the student by name'],
      [e.forClassmate.id, 'home-a1 for a classmate by name'],
      [e.deleted.id, 'home-a1 deleted'],
    ],
    condition: visibleAssignments,
    // The student's: the whole class's and their own by name; never a classmate's by name; nobody a deleted one.
    reach: {
      ...staffAlsoSee('home-a1 for the student by name', 'home-a1 for a classmate by name'),
      student: ['home-a1', 'home-a1 for the student by name'],
    },
  },
] as const;

for (const { kind, table, id, idOf, edgesOf, condition, reach } of KINDS) {
  describe(`${kind}: one condition per role`, () => {
    it.each(ROLES)('%s', async (role) => {
      const nameOf = new Map(Object.entries(corners()).map(([name, corner]) => [idOf(corner), name]));
      for (const [edgeId, name] of edgesOf(edges)) nameOf.set(edgeId, name);
      const rows = await t.db
        .select({ id })
        .from(table as typeof classes)
        .where(condition(t.db, actor(role)));
      expect(namesOf(rows, nameOf)).toEqual(reach[role]);
    });
  });
}

describe('an owner without a school (the `?? -1` fallback) reaches no school’s rows', () => {
  const schoolless = (): Actor => ({ ...actor('owner'), schoolId: null });
  const conditions = {
    students: () =>
      t.db.select({ id: students.userId }).from(students).where(visibleStudents(t.db, schoolless())),
    classes: () => t.db.select({ id: classes.id }).from(classes).where(visibleClasses(t.db, schoolless())),
    schools: () => t.db.select({ id: schools.id }).from(schools).where(visibleSchools(schoolless())),
    staff: () => t.db.select({ id: users.id }).from(users).where(visibleStaff(schoolless())),
  };
  it('the world’s first school (id 1) exists, so a fallback id that named a school would show', async () => {
    expect(world.home.schools[0].school.id).toBe(1);
  });
  it.each(Object.keys(conditions) as (keyof typeof conditions)[])('%s: none', async (kind) => {
    expect(await conditions[kind]()).toEqual([]);
  });
});

describe('schools: one condition per role', () => {
  const expected: Record<Role, string[]> = {
    student: ['home-a'],
    teacher: ['home-a'],
    owner: ['home-a'],
    department_head: ['home-a', 'home-b'],
  };
  it.each(ROLES)('%s', async (role) => {
    const nameOf = new Map<number, string>();
    for (const [district, name] of districts()) {
      district.schools.forEach((school, s) => nameOf.set(school.school.id, `${name}-${'ab'[s]}`));
    }
    const rows = await t.db
      .select({ id: schools.id })
      .from(schools)
      .where(visibleSchools(actor(role)));
    expect(namesOf(rows, nameOf)).toEqual(expected[role]);
  });
});

describe('staff: one condition per role', () => {
  const school = ['home-a owner', 'home-a1 teacher', 'home-a2 teacher'];
  const expected: Record<Role, string[]> = {
    student: school,
    teacher: school,
    owner: school,
    department_head: [...school, 'home head', 'home-b owner', 'home-b1 teacher', 'home-b2 teacher'].sort(),
  };
  it.each(ROLES)('%s', async (role) => {
    const nameOf = new Map<number, string>();
    for (const [district, name] of districts()) {
      nameOf.set(district.head.id, `${name} head`);
      district.schools.forEach((school, s) => {
        nameOf.set(school.owner.id, `${name}-${'ab'[s]} owner`);
        school.classes.forEach((klass, c) =>
          nameOf.set(klass.teacher.id, `${name}-${'ab'[s]}${c + 1} teacher`),
        );
      });
    }
    const rows = await t.db
      .select({ id: users.id })
      .from(users)
      .where(visibleStaff(actor(role)));
    expect(namesOf(rows, nameOf)).toEqual(expected[role]);
  });
});

describe('notifications: one condition per role', () => {
  const expected: Record<Role, string[]> = {
    student: ['home-a1', 'own'],
    teacher: ['own'],
    owner: ['own'],
    department_head: ['own'],
  };
  it.each(ROLES)('%s', async (role) => {
    const nameOf = new Map(
      Object.entries(corners()).map(([name, corner]) => [corner.notification.id, name] as [number, string]),
    );
    nameOf.set(world.ownNotifications[role], 'own');
    for (const other of ROLES) {
      if (other !== role) nameOf.set(world.ownNotifications[other], `own of ${other}`);
    }
    const rows = await t.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(visibleNotifications(actor(role)));
    expect(namesOf(rows, nameOf)).toEqual(expected[role]);
  });
});

describe('a student or class named in a request: in scope, else 404', () => {
  /** The corners the check lets through; every other one must be refused as not found, naming what. */
  async function reached(check: (corner: Corner) => Promise<unknown>, refusal: string) {
    const names: string[] = [];
    for (const [name, corner] of Object.entries(corners())) {
      try {
        await check(corner);
        names.push(name);
      } catch (error) {
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).status).toBe(404);
        expect((error as AppError).message).toBe(refusal);
      }
    }
    return names.sort();
  }
  it.each(ROLES)('%s', async (role) => {
    // What is let through is the named record itself (a class export is named after the class, M9).
    const student = async (c: Corner) =>
      expect(await requireVisibleStudent(t.db, actor(role), c.student.id)).toEqual({ userId: c.student.id });
    expect(await reached(student, 'No such student.')).toEqual(CLASS_REACH[role]);
    const klass = async (c: Corner) =>
      expect(await requireVisibleClass(t.db, actor(role), c.class.id)).toEqual({
        id: c.class.id,
        schoolId: c.class.schoolId,
        name: c.class.name,
      });
    expect(await reached(klass, 'No such class.')).toEqual(CLASS_REACH[role]);
  });
});

describe('a school named in a request: a head’s must be of the district, others are held to their own', () => {
  const expected: Record<Role, string[]> = {
    student: ['home-a', 'home-a', 'home-a', 'home-a'],
    teacher: ['home-a', 'home-a', 'home-a', 'home-a'],
    owner: ['home-a', 'home-a', 'home-a', 'home-a'],
    department_head: ['whole district', 'home-a', 'home-b', '404 No such school.'],
  };
  it.each(ROLES)('%s', async (role) => {
    const named = {
      'home-a': world.home.schools[0].school.id,
      'home-b': world.home.schools[1].school.id,
      'away-a': world.away.schools[0].school.id,
    };
    const nameOf = new Map(Object.entries(named).map(([name, id]) => [id, name]));
    const answers = [];
    for (const asked of [undefined, named['home-a'], named['home-b'], named['away-a']]) {
      try {
        const school = await schoolInScope(t.db, actor(role), asked);
        answers.push(school === undefined ? 'whole district' : (nameOf.get(school) ?? `?${school}`));
      } catch (error) {
        answers.push(`${(error as AppError).status} ${(error as AppError).message}`);
      }
    }
    expect(answers).toEqual(expected[role]);
  });
});

describe('a department head’s picked school narrows students, classes and alerts to it; other roles keep their scope', () => {
  const PICKED: Record<Role, string[]> = {
    student: ['home-a1'],
    teacher: ['home-a1'],
    owner: ['home-a1', 'home-a2'],
    department_head: ['home-b1', 'home-b2'],
  };
  const kinds = [
    {
      table: students,
      id: students.userId,
      idOf: (c: Corner) => c.student.id,
      narrow: (role: Role, school: number) =>
        and(visibleStudents(t.db, actor(role)), studentsOfPickedSchool(actor(role), school)),
    },
    {
      table: classes,
      id: classes.id,
      idOf: (c: Corner) => c.class.id,
      narrow: (role: Role, school: number) =>
        and(visibleClasses(t.db, actor(role)), classesOfPickedSchool(actor(role), school)),
    },
    {
      table: alerts,
      id: alerts.id,
      idOf: (c: Corner) => c.alert.id,
      narrow: (role: Role, school: number) =>
        and(visibleAlerts(t.db, actor(role)), alertsOfPickedSchool(t.db, actor(role), school)),
    },
  ];
  it.each(ROLES)('%s, home-b picked', async (role) => {
    const school = world.home.schools[1].school.id;
    for (const { table, id, idOf, narrow } of kinds) {
      const nameOf = new Map(Object.entries(corners()).map(([name, corner]) => [idOf(corner), name]));
      const rows = await t.db
        .select({ id })
        .from(table as typeof classes)
        .where(narrow(role, school));
      const named = namesOf(rows, nameOf).filter((name) => !name.startsWith('?'));
      expect(named).toEqual(PICKED[role]);
      // Rows nobody named are home-a1's edges (a classmate, a staff-facing alert): never of the picked school.
      if (role === 'department_head') expect(rows).toHaveLength(named.length);
    }
  });

  it('no school picked: no narrowing for anyone', () => {
    for (const role of ROLES) {
      expect(studentsOfPickedSchool(actor(role), undefined)).toBeUndefined();
      expect(classesOfPickedSchool(actor(role), undefined)).toBeUndefined();
      expect(staffOfPickedSchool(actor(role), undefined)).toBeUndefined();
      expect(alertsOfPickedSchool(t.db, actor(role), undefined)).toBeUndefined();
    }
  });

  it('narrows a head’s staff to the picked school; an owner keeps their own school’s', async () => {
    const [homeA, homeB] = world.home.schools.map((school) => school.school.id);
    const schoolsOfStaff = async (role: Role) => {
      const rows = await t.db
        .selectDistinct({ school: users.schoolId })
        .from(users)
        .where(and(visibleStaff(actor(role)), staffOfPickedSchool(actor(role), homeB)));
      return rows.map((row) => row.school);
    };
    expect(await schoolsOfStaff('department_head')).toEqual([homeB]);
    expect(await schoolsOfStaff('owner')).toEqual([homeA]);
  });
});

describe('whole schools in scope, as the rollups kept per school read them', () => {
  const schoolsOf = async (role: Role, picked?: number) => {
    const condition = wholeSchoolsInScope(t.db, actor(role), picked);
    if (!condition) return 'none';
    const rows = await t.db.select({ id: schools.id }).from(schools).where(condition(schools.id));
    return rows.map((row) => row.id).sort((a, b) => a - b);
  };

  it('an owner’s school, a head’s picked school or district, and none for a teacher or a student', async () => {
    const [homeA, homeB] = world.home.schools.map((school) => school.school.id);
    expect(await schoolsOf('owner')).toEqual([homeA]);
    expect(await schoolsOf('owner', homeB)).toEqual([homeA]);
    expect(await schoolsOf('department_head', homeB)).toEqual([homeB]);
    expect(await schoolsOf('department_head')).toEqual([homeA!, homeB!].sort((a, b) => a - b));
    expect(await schoolsOf('teacher')).toBe('none');
    expect(await schoolsOf('student')).toBe('none');
  });
});
