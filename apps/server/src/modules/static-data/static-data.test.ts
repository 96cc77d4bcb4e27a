import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts } from '@readalong/contracts';
import { createTestApp, signIn, type TestApp } from '../../../test/app.js';
import { expectError } from '../../../test/ladder.js';

let t: TestApp;
let world: Awaited<ReturnType<TestApp['factories']['school']>>;
let other: Awaited<ReturnType<TestApp['factories']['school']>>;
beforeAll(async () => {
  t = await createTestApp();
  world = await t.factories.school();
  other = await t.factories.school();
});
afterAll(() => t.close());

const get = (url: string, token?: string) => t.request({ method: 'GET', url: `/api${url}`, token });

describe('static data', () => {
  it('401 without a session on every static-data call', async () => {
    for (const name of [
      'getAcademicLevels',
      'getSubAcademicLevels',
      'getStaticSchools',
      'getTopics',
      'getSeries',
    ] as const) {
      expectError(await get(contracts[name].path), 401);
    }
  });

  it('series: BR lowest, six series, 26 bands with band 3 rose 190–240', async () => {
    const session = await signIn(t, world.student.username);
    const body = contracts.getSeries.response.parse(
      (await get('/v1/static-data/series', session.access_token)).json(),
    );
    expect(body.series.map((series) => series.name)).toEqual(['BR', 'A', 'B', 'C', 'D', 'E']);
    expect(body.colour_bands).toHaveLength(26);
    expect(body.colour_bands[2]).toMatchObject({ id: 3, name: 'rose', min_lexile: 190, max_lexile: 240 });
  });

  it('topics: groups, topics and learning outcomes that refer to each other', async () => {
    const session = await signIn(t, world.teacher.username);
    const body = contracts.getTopics.response.parse(
      (await get('/v1/static-data/topics', session.access_token)).json(),
    );
    expect(body.topic_groups.length).toBeGreaterThan(0);
    const topicIds = new Set(body.topics.map((topic) => topic.id));
    expect(body.learning_outcomes.every((outcome) => topicIds.has(outcome.topic_id))).toBe(true);
  });

  it('grades and terms', async () => {
    const session = await signIn(t, world.teacher.username);
    const levels = contracts.getAcademicLevels.response.parse(
      (await get('/v1/static-data/academic-levels', session.access_token)).json(),
    );
    const terms = contracts.getSubAcademicLevels.response.parse(
      (await get('/v1/static-data/sub-academic-levels', session.access_token)).json(),
    );
    expect(levels.academic_levels.length).toBeGreaterThan(0);
    const levelIds = new Set(levels.academic_levels.map((level) => level.id));
    expect(terms.sub_academic_levels.every((term) => levelIds.has(term.academic_level_id))).toBe(true);
  });

  it('schools: people of a school see their school, a department head the district', async () => {
    for (const person of [world.student, world.teacher, world.owner]) {
      const session = await signIn(t, person.username);
      const body = (await get('/v1/static-data/schools', session.access_token)).json();
      expect(body.schools).toEqual([
        { id: world.school.id, name: world.school.name, district_id: world.district.id },
      ]);
    }
    const head = await signIn(t, other.head.username);
    const { schools } = (await get('/v1/static-data/schools', head.access_token)).json<{
      schools: { id: number }[];
    }>();
    expect(schools.map((school) => school.id)).toEqual([other.school.id]);
  });
});
