import { describe, expect, it } from 'vitest';
import { MIN_FIRST_SCREEN_FILE_BYTES, mergeSmallGroups } from './first-screens.ts';

const SMALL = MIN_FIRST_SCREEN_FILE_BYTES / 10;
const LARGE = MIN_FIRST_SCREEN_FILE_BYTES * 4;

const group = (
  screens: string[],
  bytes: number,
  id: string,
  extra: { shared?: boolean; imports?: string[] } = {},
) => ({
  screens,
  shared: extra.shared ?? false,
  bytes,
  moduleIds: [id],
  imports: extra.imports ?? [],
});

/** Every screen loads zod and the contracts unless a test says otherwise. */
const loadsContracts = (screens: string[]) =>
  new Map(screens.map((screen) => [screen, ['zod.js', 'contracts.js']]));
const ALL = ['login', 'home', 'teacher_students', 'insights', 'district'];

const filesOf = (groups: ReturnType<typeof mergeSmallGroups>) =>
  groups.map((merged) => ({
    screens: merged.screens.join('-'),
    shared: merged.shared,
    ids: [...merged.moduleIds].sort(),
  }));

describe('the first screens in few files (docs/rules.md B12)', () => {
  it('puts what one set of screens loads in one file, and the home’s code with what other pages load too', () => {
    const merged = mergeSmallGroups(
      [group(['home'], LARGE, 'a', { shared: true }), group(['home'], LARGE, 'b')],
      loadsContracts(ALL),
    );
    expect(filesOf(merged)).toEqual([{ screens: 'home', shared: true, ids: ['a', 'b'] }]);
  });

  it('keeps a staff screen’s own code apart from what other pages load too (B10)', () => {
    const staff = ['insights', 'district'];
    const sameSet = mergeSmallGroups(
      [group(staff, SMALL, 'shared', { shared: true }), group(staff, SMALL, 'own')],
      loadsContracts(ALL),
    );
    expect(sameSet).toHaveLength(2);
    const superset = mergeSmallGroups(
      [group(staff, SMALL, 'own'), group(['teacher_students', ...staff], LARGE, 'shared', { shared: true })],
      loadsContracts(ALL),
    );
    expect(superset).toHaveLength(2);
  });

  it('joins a small group to the smallest larger set of screens that includes its own', () => {
    const merged = mergeSmallGroups(
      [
        group(['home', 'insights'], SMALL, 'small'),
        group(['home', 'insights', 'district'], LARGE, 'three'),
        group(['home', 'teacher_students', 'insights', 'district'], LARGE, 'four'),
      ],
      loadsContracts(ALL),
    );
    expect(filesOf(merged)).toEqual([
      { screens: 'home-insights-district', shared: false, ids: ['small', 'three'] },
      { screens: 'home-teacher_students-insights-district', shared: false, ids: ['four'] },
    ]);
  });

  it('keeps a large group, and a small one no other set includes, in files of their own', () => {
    const merged = mergeSmallGroups(
      [group(['home'], SMALL, 'home only'), group(['insights', 'district'], LARGE, 'staff')],
      loadsContracts(ALL),
    );
    expect(merged).toHaveLength(2);
  });

  it('never gives the sign-in screen code its own screens do not load (B1)', () => {
    const merged = mergeSmallGroups(
      [group(['home', 'insights'], SMALL, 'small'), group(ALL, LARGE, 'everyone')],
      loadsContracts(ALL),
    );
    expect(merged).toHaveLength(2);
    // A group the sign-in screen loads may join one it loads too.
    const withLogin = mergeSmallGroups(
      [group(['login', 'home'], SMALL, 'small'), group(ALL, LARGE, 'everyone')],
      loadsContracts(ALL),
    );
    expect(filesOf(withLogin)).toEqual([
      { screens: ALL.join('-'), shared: false, ids: ['everyone', 'small'] },
    ]);
  });

  it('does not make a screen load what a small group imports and it does not (zod and the contracts)', () => {
    const screens = ['home', 'teacher_students', 'insights', 'district'];
    const groups = [
      group(['home', 'teacher_students'], SMALL, 'levels', { imports: ['contracts.js'] }),
      group(screens, LARGE, 'layouts'),
    ];
    const onlyTwoLoadContracts = new Map([
      ['home', ['contracts.js']],
      ['teacher_students', ['contracts.js']],
      ['insights', []],
      ['district', []],
    ]);
    expect(mergeSmallGroups(groups, onlyTwoLoadContracts)).toHaveLength(2);
    expect(mergeSmallGroups(groups, loadsContracts(screens))).toHaveLength(1);
  });
});
