/**
 * The sentence each alert reads as. Alerts store facts (type and details); the words are made when they are read,
 * addressed to the student ("You passed …") or to staff ("Sam passed …").
 */
import { AlertType, COLOUR_BANDS, SERIES } from '@readalong/contracts';

type Details = Record<string, unknown>;

const bandName = (id: unknown) => COLOUR_BANDS.find((band) => band.id === id)?.name ?? 'a new';
const seriesName = (id: unknown) => SERIES.find((series) => series.id === id)?.name ?? '';
const levelOf = (details: Details) =>
  `${seriesName(details.series_id)} ${bandName(details.colour_band_id)}`.trim() + ' band';
const titleOf = (details: Details) => (typeof details.title === 'string' ? `“${details.title}”` : 'a book');
/** A date as staff read it, "3 September 2026" (UTC, as every day of the product). */
const dayOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
const scoreOf = (details: Details) =>
  typeof details.score_percent === 'number' ? ` with ${Math.round(details.score_percent)} %` : '';

const MESSAGES: Record<number, (who: string, details: Details) => string> = {
  [AlertType.Pass]: (who, d) => `${who} passed the quiz of ${titleOf(d)}${scoreOf(d)}.`,
  [AlertType.Fail]: (who, d) => `${who} did not pass the quiz of ${titleOf(d)}${scoreOf(d)}.`,
  [AlertType.FailAgain]: (who, d) => `${who} did not pass the quiz of ${titleOf(d)} again${scoreOf(d)}.`,
  [AlertType.LevelUpGold]: (who, d) => `${who} moved up to the ${levelOf(d)} with a gold medal.`,
  [AlertType.LevelUpSilver]: (who, d) => `${who} moved up to the ${levelOf(d)} with a silver medal.`,
  [AlertType.LevelUpBronze]: (who, d) => `${who} moved up to the ${levelOf(d)} with a bronze medal.`,
  [AlertType.LevelDown]: (who, d) => `${who} moved down to the ${levelOf(d)}.`,
  [AlertType.Inactivity]: (who, d) =>
    typeof d.last_active_at === 'string'
      ? `${who} has not read, recorded or signed in since ${dayOf(d.last_active_at)}.`
      : `${who} has not read, recorded or signed in since the account was made${typeof d.idle_since === 'string' ? ` on ${dayOf(d.idle_since)}` : ''}.`,
  [AlertType.ManualPlacement]: (who, d) => `${who} was placed in the ${levelOf(d)}.`,
  [AlertType.Placement]: (who, d) => `${who} took the placement test and starts in the ${levelOf(d)}.`,
  [AlertType.LatePlacement]: (who, d) =>
    `${who} took the placement test late and starts in the ${levelOf(d)}.`,
  [AlertType.RecordingSubmission]: (who) => `${who} submitted a read-aloud recording.`,
  [AlertType.AchieveGoalLexile]: (who, d) =>
    `${who} reached the Lexile goal${typeof d.target === 'number' ? ` of ${d.target}L` : ''}.`,
  [AlertType.AchieveGoalWPM]: (who) => `${who} reached the words-per-minute goal.`,
  [AlertType.AchieveGoalWCPM]: (who) => `${who} reached the words-correct-per-minute goal.`,
  [AlertType.CompleteBooksInLevel]: (who, d) => `${who} finished every book of the ${levelOf(d)}.`,
  [AlertType.CompleteSkillBuilder]: (who) => `${who} completed a skill builder.`,
  [AlertType.AssignSkillBuilder]: (who, d) =>
    typeof d.outcome === 'string'
      ? `${who} scores ${Math.round(Number(d.score_percent))} % on “${d.outcome}”: a skill builder would help.`
      : `${who} could use a skill builder.`,
  [AlertType.CompleteRateBuilder]: (who) => `${who} completed a rate builder.`,
  [AlertType.RetakePlacement]: (who) => `${who} will retake the placement test.`,
};

/** The alert as a sentence; `who` is "You" for the student, else the student's name. */
export function alertMessage(typeId: number, details: Details, who: string): string {
  return MESSAGES[typeId]?.(who, details) ?? `${who}: a new event.`;
}
