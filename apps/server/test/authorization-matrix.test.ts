/**
 * The authorization matrix (docs/rules.md A6), generated from the OpenAPI document and the contracts' `access`
 * lists so a new call is covered the day it is served: every call taking an id (in its path, a class, student
 * or school in its query, a class, student or worksheet in its body) × every role × a record in the caller's own class, another class of the same
 * school, another school of the district and another district → 403 for a role that may never call it, 404 out
 * of scope (A3), otherwise served; and no list hands a caller a row of a scope they do not reach.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canCall, ROLES, type Role } from '@readalong/contracts';
import { createTestApp, type TestApp } from './app.js';
import { servedOperations, urlOf, type JsonSchema, type Operation } from './openapi.js';
import { rosterImports } from '../src/db/schema/index.js';
import { buildWorld, PLACES, REACH, type Place, type World } from './world.js';

type Kind =
  | 'student'
  | 'class'
  | 'worksheet'
  | 'answer'
  | 'recording'
  | 'assignment'
  | 'notification'
  | 'school'
  | 'rosterImport';

/**
 * What the id in a path names. A call whose path matches none fails the test until it is added here. Passages
 * are the shared library (R1), the same for every school: only the role check applies to them.
 */
const KIND_OF_PATH: [RegExp, Kind | 'library'][] = [
  [/^\/api\/v\d\/students\/\{id\}/, 'student'],
  [/^\/api\/v1\/worksheets\/activity-profile\/\{id\}/, 'student'],
  [/^\/api\/v1\/classes\/(weekly-activity\/)?\{id\}/, 'class'],
  [/^\/api\/v1\/worksheets\/recording\/\{id\}/, 'recording'],
  // A written answer is its student's (R24).
  [/^\/api\/v1\/worksheets\/answers\/\{id\}/, 'answer'],
  [/^\/api\/v1\/worksheets\/\{id\}\/assignments/, 'assignment'],
  [/^\/api\/v1\/worksheets\/(reading-practice\/)?\{id\}/, 'worksheet'],
  [/^\/api\/v1\/(worksheets|questions)\/passage\/\{id\}/, 'library'],
  [/^\/api\/v1\/notifications\/\{id\}/, 'notification'],
  // A roster import is its school's (RI1).
  [/^\/api\/v1\/roster\/imports\/\{id\}/, 'rosterImport'],
  // An account of any role (M10): a student's is the one every place has.
  [/^\/api\/v1\/user-management\/users\/\{id\}/, 'student'],
];

/** Query fields that name a record in scope. */
const KIND_OF_QUERY: Record<string, Kind> = {
  class_id: 'class',
  classId: 'class',
  class_ids: 'class',
  student_id: 'student',
  school_id: 'school',
};

/** Body fields that name a record in scope. */
const KIND_OF_BODY: Record<string, Kind> = {
  class_id: 'class',
  student_id: 'student',
  worksheet_id: 'worksheet',
};

/** Ids a call ignores out of scope rather than refusing: a class the student is not in means the home class (R4). */
const IGNORED_OUT_OF_SCOPE = ['startWorksheet body.class_id', 'startRateBuilder body.class_id'];

/** Calls whose success removes or moves what they name: each served check gets a record of its own. */
const CONSUMING = ['deleteAssignment', 'removeClassStudents', 'enrolClassStudents'];

let t: TestApp;
let world: World;
let operations: Operation[];
/** A committed roster import of each place's school. */
const rosterImportsByPlace = {} as Record<Place, number>;
beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t);
  operations = await servedOperations(t);
  for (const place of PLACES) {
    const [job] = await t.db
      .insert(rosterImports)
      .values({
        schoolId: world.schoolsByPlace[place].id,
        fileName: 'matrix.csv',
        format: 'template',
        status: 'committed',
      })
      .returning();
    rosterImportsByPlace[place] = job!.id;
  }
});
afterAll(() => t.close());

function kindOfPath(operation: Operation): Kind | 'library' | undefined {
  return KIND_OF_PATH.find(([pattern]) => pattern.test(operation.path))?.[1];
}

function idAt(kind: Kind, place: Place, role: Role): number {
  if (kind === 'school') return world.schoolsByPlace[place].id;
  if (kind === 'rosterImport') return rosterImportsByPlace[place];
  if (kind === 'notification')
    return place === 'own' ? world.ownNotifications[role] : world.corners[place].notification.id;
  return world.corners[place][kind].id;
}

type Expected = 403 | 404 | 'served';

/** The answer A1 and A3 give: 403 for a role that may never call, 404 out of scope, else served. */
function expectedAnswer(
  operation: Operation,
  role: Role,
  kind: Kind | 'library',
  place: Place,
  field: string,
): Expected {
  if (!canCall(operation.access, role)) return 403;
  if (kind === 'library' || IGNORED_OUT_OF_SCOPE.includes(`${operation.name} ${field}`)) return 'served';
  // A school narrows only a department head's view; for the other roles it is ignored (A5).
  if (kind === 'school' && role !== 'department_head') return 'served';
  if (kind === 'notification') return place === 'own' ? 'served' : 404;
  return REACH[role].includes(place) ? 'served' : 404;
}

/** Ids a valid body takes, from the caller's own class. */
function ownFields(): Record<string, unknown> {
  const own = world.corners.own;
  return {
    student_id: own.student.id,
    class_id: own.class.id,
    passage_id: world.passage.id,
    worksheet_id: own.worksheet.id,
    teacher_ids: [own.teacher.id],
    student_ids: [own.student.id],
  };
}

/** The smallest valid value of a JSON schema: required fields only, nulls where allowed. */
function minimal(schema: JsonSchema, fields: Record<string, unknown>): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  if ('const' in schema) return schema.const;
  if (schema.nullable) return null;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return minimal(variants.find((variant) => variant.type !== 'null') ?? variants[0]!, fields);
  switch (Array.isArray(schema.type) ? schema.type[0] : schema.type) {
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((key) => [
          key,
          key in fields ? fields[key] : minimal(schema.properties![key]!, fields),
        ]),
      );
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => minimal(schema.items ?? {}, fields));
    case 'integer':
    case 'number':
      return Math.max(typeof schema.minimum === 'number' ? schema.minimum : 1, 1);
    case 'boolean':
      return false;
    case 'string':
      if (schema.format === 'date') return '2026-10-01';
      if (schema.format === 'date-time') return '2026-10-01T09:00:00Z';
      if (schema.format === 'email') return 'someone@school.example';
      return 'a'.repeat(schema.minLength ?? 1);
    default:
      return null;
  }
}

/** Bodies the smallest valid value cannot make: the call's rule wants one of several optional fields. */
const BODIES: Record<string, (fields: Record<string, unknown>) => unknown> = {
  updateGoalSettings: () => ({ settings: { class_goal: null } }),
  setStudentGoal: () => ({ goal: null }),
  placeStudent: () => ({ series_id: 6, colour_band_id: 4 }),
  updateUser: () => ({ first_name: 'Matrix' }),
  batchCreateStudents: (fields) => ({
    class_id: fields['class_id'],
    students: [{ first_name: 'New', last_name: 'Student', username: 'matrix.student' }],
  }),
};

interface Check {
  operation: Operation;
  role: Role;
  kind: Kind | 'library';
  place: Place;
  field: string;
  expected: Expected;
}

/** Every call taking an id × role × place, with the answer expected. */
function matrix(): { checks: Check[]; unclassified: string[] } {
  const checks: Check[] = [];
  const unclassified: string[] = [];
  for (const operation of operations) {
    if (operation.access === 'public') continue;
    const subjects: [string, Kind | 'library'][] = [];
    if (operation.path.includes('{id}')) {
      const kind = kindOfPath(operation);
      if (kind) subjects.push(['params.id', kind]);
      else unclassified.push(`${operation.method} ${operation.path}`);
    }
    for (const parameter of operation.parameters)
      if (parameter.in === 'query' && KIND_OF_QUERY[parameter.name])
        subjects.push([`query.${parameter.name}`, KIND_OF_QUERY[parameter.name]!]);
    for (const name of Object.keys(operation.body?.properties ?? {}))
      if (KIND_OF_BODY[name]) subjects.push([`body.${name}`, KIND_OF_BODY[name]]);
    for (const [field, kind] of subjects)
      for (const role of ROLES)
        for (const place of PLACES)
          checks.push({
            operation,
            role,
            kind,
            place,
            field,
            expected: expectedAnswer(operation, role, kind, place, field),
          });
  }
  return { checks, unclassified };
}

/** The request of one check: the subject at its place, everything else valid and the caller's own. */
async function requestOf(check: Check) {
  const { operation, role, kind, place, field } = check;
  let fields = ownFields();
  const subject = kind === 'library' ? world.passage.id : idAt(kind, place, role);
  let pathId = field === 'params.id' ? subject : world.corners.own.class.id;
  if (check.expected === 'served' && CONSUMING.includes(operation.name)) {
    // Records of its own, so one role's success does not take the next role's away.
    const own = world.corners.own;
    const place = { districtId: own.class.districtId, schoolId: own.class.schoolId };
    fields = { ...fields, student_ids: [(await t.factories.student(place, own.class.id)).id] };
    if (operation.name === 'deleteAssignment')
      pathId = (await t.factories.assignment(own.class, own.teacher.id, world.passage.id)).id;
  }
  if (check.expected === 'served' && operation.name === 'setUserPassword') {
    // A student of its own at that place: a new password would end the caller student's session (M10).
    const klass = world.corners[place].class;
    const where = { districtId: klass.districtId, schoolId: klass.schoolId };
    pathId = (await t.factories.student(where, klass.id)).id;
  }
  const query: Record<string, string> = {};
  for (const parameter of operation.parameters.filter((p) => p.in === 'query')) {
    const queryKind = KIND_OF_QUERY[parameter.name];
    if (`query.${parameter.name}` === field) query[parameter.name] = String(subject);
    else if (parameter.required)
      query[parameter.name] = queryKind
        ? String(idAt(queryKind, 'own', role))
        : String(minimal(parameter.schema, {}));
  }
  const bodyField = field.startsWith('body.') ? field.slice('body.'.length) : undefined;
  if (bodyField) fields = { ...fields, [bodyField]: subject };
  const body = operation.body
    ? {
        ...((BODIES[operation.name]?.(fields) ?? minimal(operation.body, fields)) as object),
        ...(bodyField ? { [bodyField]: subject } : {}),
      }
    : undefined;
  return {
    method: operation.method as 'GET',
    url: urlOf(operation, { id: pathId }),
    query,
    ...(body !== undefined ? { payload: body as object } : {}),
    token: world.tokens[role],
  };
}

/** Fields of an answer that name a record, and the record an array's `id` names. */
const KIND_OF_FIELD: Record<string, Kind | 'alert'> = {
  student_id: 'student',
  student_ids: 'student',
  class_id: 'class',
  school_id: 'school',
  worksheet_id: 'worksheet',
  recording_id: 'recording',
  assignment_id: 'assignment',
};
const KIND_OF_LIST: Record<string, Kind | 'alert'> = {
  classes: 'class',
  schools: 'school',
  recordings: 'recording',
  alerts: 'alert',
  assignments: 'assignment',
};

/** The ids of each kind a role must never be handed: records at the places beyond its reach (A3). */
function foreignIds(role: Role): Map<string, Set<number>> {
  const within = REACH[role];
  const foreign = new Map<string, Set<number>>();
  const kinds = ['student', 'class', 'worksheet', 'recording', 'assignment', 'alert'] as const;
  for (const kind of kinds)
    foreign.set(
      kind,
      new Set(PLACES.filter((p) => !within.includes(p)).map((p) => world.corners[p][kind].id)),
    );
  const reachedSchools = new Set(within.map((p) => world.schoolsByPlace[p].id));
  foreign.set(
    'school',
    new Set(PLACES.map((p) => world.schoolsByPlace[p].id).filter((id) => !reachedSchools.has(id))),
  );
  return foreign;
}

/** Every `field = id` naming a record in an answer, with the path to it. */
function* namedRecords(value: unknown, path: string, listKind?: string): Generator<[string, string, number]> {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* namedRecords(item, `${path}[${index}]`, listKind);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  for (const [key, field] of Object.entries(value)) {
    const kind = key === 'id' ? listKind : KIND_OF_FIELD[key];
    const ids = Array.isArray(field) ? field : [field];
    if (kind) for (const id of ids) if (typeof id === 'number') yield [`${path}.${key}`, kind, id];
    if (typeof field === 'object') yield* namedRecords(field, `${path}.${key}`, KIND_OF_LIST[key]);
  }
}

const DESTRUCTIVE_LAST = (check: Check) =>
  (check.expected === 'served' ? 2 : 0) + (check.operation.method === 'GET' ? 0 : 1);

describe('authorization matrix', () => {
  it('classifies every id a served call takes', () => {
    expect(matrix().unclassified).toEqual([]);
  });

  it('answers 403 to a role that may never call, 404 out of scope, and serves the scope (A1, A3)', async () => {
    const { checks } = matrix();
    expect(checks.length).toBeGreaterThan(500);
    const wrong: string[] = [];
    for (const check of [...checks].sort((a, b) => DESTRUCTIVE_LAST(a) - DESTRUCTIVE_LAST(b))) {
      const response = await t.request(await requestOf(check));
      const status = response.statusCode;
      const ok =
        check.expected === 'served'
          ? status < 500 && status !== 403 && status !== 404
          : status === check.expected;
      if (!ok)
        wrong.push(
          `${check.operation.name} ${check.field} as ${check.role} at ${check.place}: ` +
            `expected ${check.expected}, got ${status} ${response.body.slice(0, 160)}`,
        );
    }
    expect(wrong, wrong.join('\n')).toEqual([]);
    // Over a thousand requests, one after another: as the fuzz test, more than a unit test's 20 s on a busy machine.
  }, 300_000);

  it('hands no caller a row of a scope they do not reach, in any answer (A3)', async () => {
    const leaks: string[] = [];
    let named = 0;
    for (const operation of operations.filter((op) => op.method === 'GET' && op.access !== 'public'))
      for (const role of ROLES.filter((r) => canCall(operation.access, r))) {
        const kind = operation.path.includes('{id}') ? kindOfPath(operation) : 'library';
        if (!kind) continue;
        const check = {
          operation,
          role,
          kind,
          place: 'own',
          field: 'params.id',
          expected: 'served',
        } as const;
        const response = await t.request(await requestOf(check));
        // A file answer (the class export's CSV) names no record by id.
        if (!String(response.headers['content-type']).startsWith('application/json')) continue;
        const foreign = foreignIds(role);
        for (const [path, recordKind, id] of namedRecords(response.json(), operation.name)) {
          named++;
          if (foreign.get(recordKind)?.has(id)) leaks.push(`${path} = ${id} (${recordKind}) as ${role}`);
        }
      }
    expect(named).toBeGreaterThan(100);
    expect(leaks, leaks.join('\n')).toEqual([]);
  });
});
