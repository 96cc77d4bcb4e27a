import { ALERT_TYPES, AlertType, type AlertTypeName } from '@readalong/contracts';

/** Each alert type as a teacher reads it in a filter and beside an alert. */
export const ALERT_TYPE_LABELS: Record<AlertTypeName, string> = {
  Pass: 'Passed a quiz',
  Fail: 'Did not pass a quiz',
  FailAgain: 'Did not pass a quiz again',
  LevelUpGold: 'Moved up, gold medal',
  LevelUpSilver: 'Moved up, silver medal',
  LevelUpBronze: 'Moved up, bronze medal',
  LevelDown: 'Moved down a band',
  Inactivity: 'No activity for a week',
  ManualPlacement: 'Placed by staff',
  Placement: 'Took the placement test',
  LatePlacement: 'Took the placement test late',
  RecordingSubmission: 'Sent a recording',
  AchieveGoalLexile: 'Reached the Lexile goal',
  AchieveGoalWPM: 'Reached the WPM goal',
  AchieveGoalWCPM: 'Reached the WCPM goal',
  CompleteBooksInLevel: 'Read every book of a band',
  CompleteSkillBuilder: 'Completed a skill builder',
  AssignSkillBuilder: 'Could use a skill builder',
  CompleteRateBuilder: 'Completed a rate builder',
  RetakePlacement: 'Retakes the placement test',
};

export const alertTypeLabel = (typeId: number) => {
  const name = ALERT_TYPES[typeId - 1];
  return name ? ALERT_TYPE_LABELS[name] : 'Alert';
};

/**
 * What a teacher acts on, apart from good news (docs/rules.md C40): the default view of the alerts screen, so a busy
 * teacher is not buried in every quiz passed.
 */
export const NEEDS_ATTENTION: readonly number[] = [
  AlertType.Fail,
  AlertType.FailAgain,
  AlertType.LevelDown,
  AlertType.Inactivity,
  AlertType.LatePlacement,
  AlertType.RecordingSubmission,
  AlertType.AssignSkillBuilder,
  AlertType.RetakePlacement,
];

/** The "What" filter: a group of types, or one type. Its value is the `types` query, comma-separated ('' for all). */
export const TYPE_FILTERS: { group: string; items: { value: string; label: string }[] }[] = [
  {
    group: 'Groups',
    items: [
      { value: NEEDS_ATTENTION.join(','), label: 'Needs attention' },
      { value: '', label: 'Everything' },
    ],
  },
  {
    group: 'One kind',
    items: ALERT_TYPES.map((name, index) => ({ value: String(index + 1), label: ALERT_TYPE_LABELS[name] })),
  },
];

export const needsAttention = (typeId: number) => NEEDS_ATTENTION.includes(typeId);
