import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import {
  COLOUR_BANDS,
  GradingRow,
  SeriesId,
  allContracts,
  callsByModule,
  colourBand,
  contracts,
  nextSeries,
  type Contract,
} from '../src/index.js';

/** Every call of the customer's API, transcribed as the customer spells it. */
const SPEC_CALLS = [
  // Authentication and account
  'POST /login',
  'POST /logout',
  'POST /refresh',
  'POST /session/start',
  'PUT /lock',
  'GET /validate',
  'GET /profile',
  'PUT /profile',
  'PUT /profile-pic',
  'POST /password/recover',
  'GET /password/validate-link',
  'POST /password/change-unsigned/{key}',
  'POST /v1/user/public/contact-us',
  'POST /v1/user/contact-us',
  'POST /v1/user/translate',
  // Students
  'GET /v2/students/user-details',
  'POST /v2/students/{id}/reset',
  'GET /v1/students/reading-overview',
  'GET /v1/user/student/proficiency',
  'GET /v2/students/question-details',
  'GET /v1/students/alerts',
  'PATCH /v1/students/alerts',
  'PATCH /v1/students/{id}/placement',
  'POST /v1/students/batch-create',
  'GET /v1/students',
  'POST /v1/user-management/users/batch-delete',
  'POST /v1/user-management/users/batch-create',
  'GET /v1/students/{id}/skill-builders',
  'GET /v1/students/{id}/rate-builders',
  'GET /v2/students/placement-test',
  'GET /v1/students/{id}/book-performance',
  'GET /v1/students/{id}/learning-outcome-performances',
  'GET /v1/students/goal-settings',
  'PATCH /v1/students/goal-settings',
  'POST /v1/students/{id}/goal',
  'GET /v1/students/{id}/classes',
  // Worksheets, passages, recordings
  'GET /v1/worksheets/activity-profile',
  'GET /v1/worksheets/activity-profile/{id}',
  'GET /v1/worksheets/passage',
  'GET /v1/worksheets/passage/{id}',
  'GET /v1/worksheets/{id}/passage',
  'GET /v1/questions/passage/{id}',
  'POST /v1/worksheets/passage/{id}',
  'POST /v1/worksheets/passage/{id}/rate-builder',
  'PUT /v1/worksheets/passage/{id}/progress',
  'PATCH /v1/worksheets/{id}/diagnostics/submit',
  'GET /v1/worksheets/{id}/diagnostics/submission',
  'GET /v1/questions/narration',
  'POST /v1/worksheets/passage/{id}/favourite',
  'GET /v1/worksheets/{id}/recording',
  'POST /v1/worksheets/{id}/recording',
  'PUT /v1/worksheets/recording/{id}/mistakes',
  'GET /v1/worksheets/recording/{id}/mistakes',
  'PATCH /v1/worksheets/recording/{id}',
  'PATCH /v1/worksheets/recording/{id}/comment',
  'PATCH /v1/worksheets/recording/{id}/view',
  'GET /v1/worksheets/passage/submitted',
  'PATCH /v1/worksheets/reading-practice/{id}',
  'GET /v1/worksheets/{id}',
  'GET /v1/worksheets/assignments/have-new',
  'POST /v1/worksheets/assignments/mark-seen',
  'GET /v1/worksheets/skill-builders',
  'GET /v1/worksheets/passage/activity',
  'GET /v1/worksheets/assignments/activity',
  'GET /v1/worksheets/assignments',
  'POST /v1/worksheets/assignments',
  'PATCH /v1/worksheets/{id}/assignments',
  'POST /v1/worksheets/{id}/assignments/delete',
  // Static data
  'GET /v1/static-data/sub-academic-levels',
  'GET /v1/static-data/academic-levels',
  'GET /v1/static-data/schools',
  'GET /v1/static-data/topics',
  'GET /v1/static-data/series',
  // Classes
  'GET /v1/classes',
  'GET /v1/classes/reading-overview',
  'GET /v1/classes/reading-overview-paginated',
  'GET /v1/classes/recordings',
  'GET /v1/classes/weekly-activity',
  'GET /v1/classes/weekly-activity/{id}',
  'GET /v1/classes/insights',
  'GET /v1/classes/level-progression',
  'GET /v1/classes/activity',
  'GET /v1/classes/student-count',
  'GET /v1/classes/student-colour-band-by-series',
  'GET /v1/analysis/learning-outcome-performance',
  'POST /v1/classes',
  'GET /v1/classes/{id}',
  'PUT /v1/classes/{id}',
  'GET /v1/classes/{id}/students',
  'POST /v1/classes/batch-create',
  'POST /v1/classes/{id}/students',
  'GET /v1/classes/{id}/config/translation',
  'POST /v1/classes/{id}/config/translation',
  'GET /v1/classes/{id}/skill-builders',
  // Teacher, school, logging, notifications
  'GET /v1/teacher',
  'GET /v1/teacher/student-reading-overview',
  'GET /v1/teacher/resources',
  'GET /v1/school/license-packs/usage',
  'GET /v1/school/license-packs',
  'GET /v1/school/license-packs/usage-history',
  'GET /v1/school',
  'POST /v1/data-logger/reading-activity',
  'POST /v1/data-logger/recording-activity',
  'GET /v1/notifications',
  'PATCH /v1/notifications/{id}',
];

/**
 * Our own calls beyond the customer's API: a department head's district settings (docs/rules.md RA14), enrolling
 * students in a class (M3).
 */
const OUR_CALLS = [
  'GET /v1/districts/overview',
  'GET /v1/districts/settings',
  'PATCH /v1/districts/settings',
  'POST /v1/classes/{id}/students/enrol',
  'GET /v1/classes/{id}/export',
  'POST /logout/everywhere',
  'PATCH /v1/user-management/users/{id}',
  'POST /v1/user-management/users/{id}/password',
  'POST /v1/roster/imports',
  'GET /v1/roster/imports',
  'GET /v1/roster/imports/{id}',
  'POST /v1/roster/imports/{id}/commit',
  'GET /v1/worksheets/answers/awaiting-mark',
  'PUT /v1/worksheets/answers/{id}/mark',
];

const key = (contract: Contract) => `${contract.method} ${contract.path}`;
const pathParams = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!).sort();
const hasUnknownKeyIssue = (schema: z.ZodType) => {
  const result = schema.safeParse({ not_a_field: 1 });
  return !result.success && result.error.issues.some((issue) => issue.code === 'unrecognized_keys');
};

describe('the contracts', () => {
  it('transcribes 105 distinct calls', () => {
    expect(SPEC_CALLS).toHaveLength(105);
    expect(new Set(SPEC_CALLS).size).toBe(105);
  });

  it('gives no two contracts the same method and path', () => {
    const keys = allContracts.map(key);
    const duplicates = keys.filter((value, index) => keys.indexOf(value) !== index);
    expect(duplicates).toEqual([]);
  });

  it("declares exactly the customer's calls, and our own beyond them", () => {
    expect(allContracts.map(key).sort()).toEqual([...SPEC_CALLS, ...OUR_CALLS].sort());
  });

  it('exports each contract under its name from one file per module, and loses none when merged', async () => {
    const callsDir = new URL('../src/calls/', import.meta.url);
    const files = readdirSync(callsDir).filter((file) => file.endsWith('.ts') && file !== 'shared.ts');
    expect(files.map((file) => file.replace(/\.ts$/, '')).sort()).toEqual(Object.keys(callsByModule).sort());
    let exported = 0;
    for (const file of files) {
      const module = (await import(new URL(file, callsDir).href)) as Record<string, unknown>;
      for (const [exportName, value] of Object.entries(module)) {
        if (typeof value === 'object' && value !== null && 'method' in value && 'path' in value) {
          exported += 1;
          expect((value as Contract).name).toBe(exportName);
        }
      }
    }
    expect(exported).toBe(105 + OUR_CALLS.length);
    for (const [name, contract] of Object.entries(contracts)) expect(contract.name).toBe(name);
  });

  it('keeps each served call in the file of the server module whose routes register it', () => {
    const modulesDir = new URL('../../../apps/server/src/modules/', import.meta.url);
    const misplaced: string[] = [];
    let served = 0;
    for (const module of readdirSync(modulesDir)) {
      const routes = new URL(`${module}/${module}.routes.ts`, modulesDir);
      if (!existsSync(routes)) continue;
      const own: Record<string, unknown> =
        (callsByModule as Record<string, Record<string, unknown>>)[module] ?? {};
      for (const [, name] of readFileSync(routes, 'utf8').matchAll(/\bcontracts\.(\w+)/g)) {
        served += 1;
        if (!(name! in own))
          misplaced.push(`${name} (served by modules/${module}/, not in calls/${module}.ts)`);
      }
    }
    expect(served).toBeGreaterThan(60);
    expect(misplaced).toEqual([]);
  });

  it('has a summary and an access rule on every contract', () => {
    for (const contract of allContracts) {
      expect(contract.summary.length, contract.name).toBeGreaterThan(5);
      expect(contract.access === 'public' || contract.access.length > 0, contract.name).toBe(true);
    }
  });

  it('rejects unknown fields in every body', () => {
    const withBody = allContracts.filter((contract) => contract.body ?? contract.multipart);
    expect(withBody.length).toBeGreaterThan(30);
    for (const contract of withBody) {
      const schema = contract.body ?? contract.multipart!.fields;
      expect(hasUnknownKeyIssue(schema), key(contract)).toBe(true);
    }
  });

  it('declares every path parameter, and only those', () => {
    for (const contract of allContracts) {
      const declared = Object.keys(contract.params?.shape ?? {}).sort();
      expect(declared, key(contract)).toEqual(pathParams(contract.path));
    }
  });

  it('sends a recording as form data with its duration in milliseconds', () => {
    const { multipart } = contracts.uploadRecording;
    expect(multipart.files.map((file) => file.name)).toEqual(['file']);
    expect(multipart.fields.parse({ duration_ms: '61500', num_re_recording: '2' })).toEqual({
      duration_ms: 61500,
      num_re_recording: 2,
    });
    expect(multipart.fields.safeParse({ duration_ms: '1.5' }).success).toBe(false);
  });

  it('answers user-details with exactly the fields the customer names', () => {
    expect(Object.keys(contracts.getUserDetails.response.shape).sort()).toEqual(
      [
        'class_id',
        'coins',
        'colour_band_id',
        'narration_enabled',
        'placement_test_id',
        'read_aloud_enabled',
        'series_id',
      ].sort(),
    );
  });

  it('parses query strings', () => {
    const alerts = contracts.getAlerts.query.parse({ types: '1,2,20', page: '3' });
    expect(alerts).toMatchObject({ types: [1, 2, 20], page: 3, limit: 20 });
    expect(contracts.getAlerts.query.safeParse({ types: '21' }).success).toBe(false);
    const overview = contracts.getClassesReadingOverviewPaginated.query.parse({});
    expect(overview).toMatchObject({ limit: 50, page: 0 });
    expect(contracts.getStudentProficiency.query.parse({})).toMatchObject({ subject_id: 92 });
    expect(contracts.getStudentProficiency.query.safeParse({ subject_id: '91' }).success).toBe(false);
    expect(contracts.createClass.body.parse({ name: '4B' })).toMatchObject({
      subject_id: 92,
      num_students: 100,
    });
  });
});

describe('the domain', () => {
  const row = {
    question_id: 7,
    question_num: 1,
    sub_question_num: 0,
    marks: 1,
    selected_option: 'a;c',
    time_taken: 12,
  };

  it('accepts a main-question grading row and refuses negative marks', () => {
    expect(GradingRow.parse(row)).toEqual(row);
    expect(GradingRow.safeParse({ ...row, marks: -1 }).success).toBe(false);
    expect(GradingRow.safeParse({ ...row, sub_question_num: -1 }).success).toBe(false);
  });

  it('refuses the same question answered twice in one submission', () => {
    const body = contracts.submitDiagnostics.body;
    expect(body.safeParse({ total_score: 1, gradings: [row], completed: true }).success).toBe(true);
    expect(body.safeParse({ total_score: 2, gradings: [row, row], completed: true }).success).toBe(false);
  });

  it('knows series 1–6 only, and that BR leads to A and E leads nowhere', () => {
    for (const id of [1, 2, 3, 4, 5, 6]) expect(SeriesId.safeParse(id).success).toBe(true);
    for (const id of [0, 7, 1.5]) expect(SeriesId.safeParse(id).success).toBe(false);
    expect(nextSeries(6)).toBe(1);
    expect(nextSeries(1)).toBe(2);
    expect(nextSeries(5)).toBeNull();
  });

  it('has the 26 colour bands (L2)', () => {
    expect(COLOUR_BANDS).toHaveLength(26);
    expect(COLOUR_BANDS.map((band) => band.id)).toEqual(Array.from({ length: 26 }, (_, index) => index + 1));
    expect(colourBand(18)).toMatchObject({ name: 'orange', min_lexile: 940, max_lexile: 1020 });
    expect(colourBand(3)).toMatchObject({ name: 'rose', min_lexile: 190, max_lexile: 240 });
    expect(colourBand(20)).toMatchObject({ name: 'brown', min_lexile: 1100, max_lexile: 1150 });
    for (const id of [1, 2, 21, 22, 23, 24, 25, 26]) {
      expect(colourBand(id)).toMatchObject({ min_lexile: null, max_lexile: null });
    }
    expect(COLOUR_BANDS.slice(20).map((band) => band.name)).toEqual([
      'kiwi',
      'sage',
      'mint',
      'navy',
      'plum',
      'lilac',
    ]);
  });
});
