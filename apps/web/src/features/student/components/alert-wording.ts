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

const medalOf: Record<number, string> = {
  [AlertType.LevelUpGold]: 'gold',
  [AlertType.LevelUpSilver]: 'silver',
  [AlertType.LevelUpBronze]: 'bronze',
};

const goalOf: Record<number, string> = {
  [AlertType.AchieveGoalLexile]: 'your reading level goal',
  [AlertType.AchieveGoalWPM]: 'your reading speed goal',
  [AlertType.AchieveGoalWCPM]: 'your goal for words read correctly in a minute',
};

/** "with 90%" when the score is known. */
const withScore = (book: AlertBook | undefined) =>
  book?.score_percent == null ? '' : ` with ${Math.round(book.score_percent)}%`;

/**
 * An alert as a child should read it: short, warm and about them ("You passed ‘The Lost Kite’ with 90%!").
 * A fail is worded as a next step, never as a judgement. The server's own message is written for teachers, so it
 * is only the last resort for a type this screen does not know.
 */
export function describeAlert(alert: StudentAlert, book?: AlertBook): AlertWording {
  const title = book ? `‘${book.title}’` : 'a book quiz';
  switch (alert.type_id) {
    case AlertType.Pass:
      return { text: `You passed ${title}${withScore(book)}!`, mood: 'celebrate' };
    case AlertType.Fail:
      return {
        text: `Nearly there on ${title}${withScore(book)}. Read it again and have another go at the quiz!`,
        mood: 'encourage',
      };
  }
  const medal = medalOf[alert.type_id];
  if (medal) return { text: `You moved up a level and won a ${medal} medal!`, mood: 'celebrate' };
  const goal = goalOf[alert.type_id];
  if (goal) return { text: `You reached ${goal}!`, mood: 'celebrate' };
  return { text: alert.message, mood: 'celebrate' };
}
