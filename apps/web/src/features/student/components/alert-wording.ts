import { AlertType } from '@readalong/contracts';
import type { StudentAlert } from '../api/get-alerts';

/** The book an alert is about, when the student's results name it. */
export interface AlertBook {
  title: string;
  score_percent: number | null;
}

export type AlertMood = 'celebrate' | 'encourage';

export interface AlertWording {
  text: string;
  mood: AlertMood;
}

const goalOf: Record<number, string> = {
  [AlertType.AchieveGoalLexile]: 'your reading level goal',
  [AlertType.AchieveGoalWPM]: 'your reading speed goal',
  [AlertType.AchieveGoalWCPM]: 'your goal for words read right in a minute',
};

const LEVEL_UPS: readonly number[] = [
  AlertType.LevelUpGold,
  AlertType.LevelUpSilver,
  AlertType.LevelUpBronze,
];

/** "with 90%" when the score is known. */
const withScore = (book: AlertBook) =>
  book.score_percent === null ? '' : ` with ${Math.round(book.score_percent)}%`;

const TRY_AGAIN = 'Read it again and have another go at the quiz!';

/**
 * An alert as a child should read it: short, warm and about them ("You passed ‘The Lost Kite’ with 90%!"). A fail
 * is worded as a next step, never as a judgement. The server already addresses a student's alerts to them ("You
 * moved up to the BR orange band with a gold medal."), so its message is used where this screen has nothing
 * better: a book it cannot name from the student's books, and the new band of a level-up.
 */
export function describeAlert(alert: StudentAlert, book?: AlertBook): AlertWording {
  switch (alert.type_id) {
    case AlertType.Pass:
      return {
        text: book ? `You passed ‘${book.title}’${withScore(book)}!` : alert.message,
        mood: 'celebrate',
      };
    case AlertType.Fail:
      return {
        text: book
          ? `Nearly there on ‘${book.title}’${withScore(book)}. ${TRY_AGAIN}`
          : `${alert.message} ${TRY_AGAIN}`,
        mood: 'encourage',
      };
  }
  if (LEVEL_UPS.includes(alert.type_id)) return { text: alert.message, mood: 'celebrate' };
  const goal = goalOf[alert.type_id];
  if (goal) return { text: `You reached ${goal}!`, mood: 'celebrate' };
  return { text: alert.message, mood: 'celebrate' };
}
