/**
 * The product's enums, declared once. Ids are the customer's; names are spelled as the customer's API spells them.
 * Where the customer's API leaves a value unshown (colour hex, names of bands 1–2), the choice is ours and docs/rules.md says so.
 * Plain data, without zod (their schemas are domain-schemas.ts): the web app's first screens use them without
 * loading zod (docs/rules.md B15).
 */

export const ROLES = ['student', 'teacher', 'owner', 'department_head'] as const;
/** Staff roles: everyone who is not a student. */
export const STAFF_ROLES = [
  'teacher',
  'owner',
  'department_head',
] as const satisfies readonly (typeof ROLES)[number][];

/** Series 1–6 = A, B, C, D, E, BR. BR is the lowest; the order of progression is BR → A → B → C → D → E. */
export const SERIES = [
  { id: 1, name: 'A', defaultBands: [6, 10] },
  { id: 2, name: 'B', defaultBands: [9, 13] },
  { id: 3, name: 'C', defaultBands: [12, 16] },
  { id: 4, name: 'D', defaultBands: [15, 18] },
  { id: 5, name: 'E', defaultBands: [17, 20] },
  { id: 6, name: 'BR', defaultBands: [3, 7] },
] as const;
export const SERIES_PROGRESSION = [6, 1, 2, 3, 4, 5] as const;

/** The series above `seriesId`, or null at the top (E). */
export function nextSeries(seriesId: number): number | null {
  const index = SERIES_PROGRESSION.indexOf(seriesId as (typeof SERIES_PROGRESSION)[number]);
  if (index < 0) throw new RangeError(`unknown series ${seriesId}`);
  return SERIES_PROGRESSION[index + 1] ?? null;
}

export interface ColourBand {
  id: number;
  name: string;
  colour: string;
  min_lexile: number | null;
  max_lexile: number | null;
}

const band = (
  id: number,
  name: string,
  colour: string,
  min: number | null = null,
  max: number | null = null,
) => ({ id, name, colour, min_lexile: min, max_lexile: max }) satisfies ColourBand;

/** The 26 colour bands with their Lexile ranges (docs/rules.md L2). */
export const COLOUR_BANDS: readonly ColourBand[] = [
  band(1, 'white', '#F4F4F2'),
  band(2, 'pink', '#F7C6D9'),
  band(3, 'rose', '#E8738F', 190, 240),
  band(4, 'red', '#D93B3B', 240, 290),
  band(5, 'orange', '#F08A24', 290, 340),
  band(6, 'gold', '#E2B007', 340, 390),
  band(7, 'brown', '#8B5A2B', 390, 440),
  band(8, 'tan', '#C8A27A', 440, 490),
  band(9, 'lime', '#9ACD32', 490, 540),
  band(10, 'green', '#2E9E44', 540, 590),
  band(11, 'olive', '#7A8B2A', 590, 640),
  band(12, 'aqua', '#2BB5B8', 640, 690),
  band(13, 'blue', '#2F6FD6', 690, 740),
  band(14, 'purple', '#7B3FC4', 740, 790),
  band(15, 'violet', '#A070E0', 790, 840),
  band(16, 'rose', '#C9506F', 840, 890),
  band(17, 'red', '#B22222', 890, 940),
  band(18, 'orange', '#D9650B', 940, 1020),
  band(19, 'gold', '#C79A00', 1020, 1100),
  band(20, 'brown', '#6B4226', 1100, 1150),
  band(21, 'kiwi', '#8EE53F'),
  band(22, 'sage', '#9CAF88'),
  band(23, 'mint', '#98E2C6'),
  band(24, 'navy', '#1F2F6B'),
  band(25, 'plum', '#8E4585'),
  band(26, 'lilac', '#C8A2C8'),
];

export function colourBand(id: number): ColourBand {
  const found = COLOUR_BANDS[id - 1];
  if (!found) throw new RangeError(`unknown colour band ${id}`);
  return found;
}

/** Alert / event types 1–20, numbered in the customer's order (ids are the customer's). */
export const ALERT_TYPES = [
  'Pass',
  'Fail',
  'FailAgain',
  'LevelUpGold',
  'LevelDown',
  'Inactivity',
  'ManualPlacement',
  'Placement',
  'LatePlacement',
  'RecordingSubmission',
  'AchieveGoalLexile',
  'AchieveGoalWPM',
  'AchieveGoalWCPM',
  'CompleteBooksInLevel',
  'LevelUpSilver',
  'LevelUpBronze',
  'CompleteSkillBuilder',
  'AssignSkillBuilder',
  'CompleteRateBuilder',
  'RetakePlacement',
] as const;
export type AlertTypeName = (typeof ALERT_TYPES)[number];
export const AlertType = Object.fromEntries(ALERT_TYPES.map((name, index) => [name, index + 1])) as {
  [K in AlertTypeName]: number;
};

/**
 * The alerts a student sees too (docs/rules.md P1): their results, level-ups and goals. The rest (FailAgain,
 * LevelDown, Inactivity, placements…) are for their teachers.
 */
export const STUDENT_ALERT_TYPES = [
  AlertType.Pass,
  AlertType.Fail,
  AlertType.LevelUpGold,
  AlertType.LevelUpSilver,
  AlertType.LevelUpBronze,
  AlertType.AchieveGoalLexile,
  AlertType.AchieveGoalWPM,
  AlertType.AchieveGoalWCPM,
] as const;

export const BuilderType = { PlacementTest: 1, PowerBuilder: 2, SkillBuilder: 3, RateBuilder: 4 } as const;

export const QuestionType = {
  MCQ: 1,
  ShortAnswer: 2,
  OpenEnded: 3,
  Sequencing: 4,
  FormWords: 5,
  WordFromSentence: 6,
  DiscardOption: 7,
  Categorising: 8,
} as const;

export const MistakeType = { Omission: 1, Insertion: 2, Mispronunciation: 3, Substitution: 4 } as const;
