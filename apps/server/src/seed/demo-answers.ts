/**
 * A demo student's answers to a quiz, built from each question's answer key: right, except for a few parts that
 * are answered the way a child gets them wrong (another option, the tiles as shown, another word). Which parts
 * are wrong is stable per seed text. The score is checked with the server's own marking (`markQuestion`) until it
 * lands on the side of the pass mark asked for; the server marks the answers again when they are submitted.
 */
import { ANSWER_SEPARATOR, QuestionType, type GradingRow } from '@readalong/contracts';
import {
  answerText,
  markQuestion,
  subQuestionCount,
  type StoredQuestionRow,
} from '../modules/quiz/grading.js';
import { isPassing } from '../modules/progression/level-rules.js';
import { stableNumber } from './stable-number.js';

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);
/**
 * What children write for an open question, one picked per student and question: it waits for the teacher and
 * stays out of the score. They differ, as a class's answers do, so a teacher marking them reads real variety.
 */
const OPEN_ANSWERS = [
  'I liked the part where they did not give up, because it was hard and they kept trying.',
  'I think they felt nervous at first and then happy, because in the end it worked out.',
  'My favourite part was the ending. It was a surprise and I did not guess it.',
  'They were kind to each other. I would help my friend like that too.',
  'I learned something new from this book. I want to find out more about it.',
  'It made me think of the time I tried something new with my family.',
  'The pictures helped me understand what was happening on each page.',
  'I would change the ending so everyone could join in.',
  'because they wanted to help',
  'I am not sure but I think they were brave.',
];

interface Part {
  question: StoredQuestionRow;
  subQuestionNum: number;
}

function partsOf(questions: readonly StoredQuestionRow[]): Part[] {
  return questions.flatMap((question) => {
    const count = subQuestionCount(question);
    const numbers = count === 0 ? [0] : Array.from({ length: count }, (_, index) => index + 1);
    return numbers.map((subQuestionNum) => ({ question, subQuestionNum }));
  });
}

function rightAnswer({ question, subQuestionNum }: Part, seed = ''): string {
  if (question.typeId === QuestionType.ShortAnswer) return strings(question.answerKey.accepted)[0] ?? '';
  if (question.typeId === QuestionType.OpenEnded) {
    return OPEN_ANSWERS[stableNumber(`open:${seed}`) % OPEN_ANSWERS.length]!;
  }
  return answerText(question, subQuestionNum);
}

/** A plausible wrong answer: another choice, the tiles or items left as shown, another word of the sentence. */
function wrongAnswer(part: Part, seed: string): string {
  const { question, subQuestionNum } = part;
  const right = rightAnswer(part);
  const pick = (options: string[]) => {
    const others = options.filter((option) => option !== right);
    return others.length ? others[stableNumber(seed) % others.length]! : '';
  };
  switch (question.typeId) {
    case QuestionType.MCQ:
    case QuestionType.DiscardOption:
      return pick(strings(question.content.options));
    case QuestionType.Sequencing:
      return strings(question.content.items).join(ANSWER_SEPARATOR);
    case QuestionType.FormWords: {
      const words = question.content.words as { tiles?: unknown }[] | undefined;
      return strings(words?.[subQuestionNum - 1]?.tiles).join('');
    }
    case QuestionType.WordFromSentence:
      return pick(
        strings([question.content.sentence])
          .join(' ')
          .match(/[\p{L}']+/gu) ?? [],
      );
    case QuestionType.Categorising:
      return pick(strings(question.content.categories));
    case QuestionType.ShortAnswer:
      return 'I am not sure';
    default:
      return right;
  }
}

/** The score the server will give these answers, by its own marking rule; null when nothing is marked. */
export function scoreOf(questions: readonly StoredQuestionRow[], rows: readonly GradingRow[]): number | null {
  let marks = 0;
  let max = 0;
  for (const question of questions) {
    const answers = rows
      .filter((row) => row.question_id === question.id)
      .map((row) => ({ subQuestionNum: row.sub_question_num, selectedOption: row.selected_option }));
    for (const part of markQuestion(question, answers)) {
      if (part.marks === null) continue;
      marks += part.marks;
      max += part.maxMarks;
    }
  }
  return max > 0 ? Math.round((marks / max) * 10000) / 100 : null;
}

/**
 * Answers to every part, about `targetPercent` right; `passes` (when given) moves the score to that side of the
 * pass mark, one part at a time.
 */
export function demoAnswers(
  questions: readonly StoredQuestionRow[],
  options: { targetPercent: number; passes?: boolean; seed: string },
): GradingRow[] {
  const parts = partsOf(questions);
  const markable = parts.filter((part) => part.question.typeId !== QuestionType.OpenEnded);
  // The order in which parts go wrong: stable for this student and quiz.
  const wrongFirst = [...markable].sort(
    (a, b) =>
      stableNumber(`${options.seed}:${a.question.id}.${a.subQuestionNum}`) -
      stableNumber(`${options.seed}:${b.question.id}.${b.subQuestionNum}`),
  );
  const build = (wrongCount: number): GradingRow[] => {
    const wrong = new Set(wrongFirst.slice(0, wrongCount));
    return parts.map((part) => {
      const key = `${options.seed}:${part.question.id}.${part.subQuestionNum}`;
      const selectedOption = wrong.has(part) ? wrongAnswer(part, key) : rightAnswer(part, key);
      const [marked] = markQuestion(part.question, [
        { subQuestionNum: part.subQuestionNum, selectedOption },
      ]).filter((candidate) => candidate.subQuestionNum === part.subQuestionNum);
      return {
        question_id: part.question.id,
        question_num: part.question.questionNum,
        sub_question_num: part.subQuestionNum,
        // What the browser would have marked; the server marks again and keeps its own.
        marks: marked?.marks ?? 0,
        selected_option: selectedOption,
        time_taken: 8 + (stableNumber(`time:${key}`) % 40),
      };
    });
  };

  let wrongCount = Math.round(markable.length * (1 - options.targetPercent / 100));
  let rows = build(wrongCount);
  for (let turn = 0; options.passes !== undefined && turn <= markable.length; turn++) {
    const score = scoreOf(questions, rows);
    if (score === null || isPassing(score) === options.passes) break;
    wrongCount = Math.min(Math.max(wrongCount + (options.passes ? -1 : 1), 0), markable.length);
    rows = build(wrongCount);
  }
  return rows;
}
