import { PROGRESSION, QuestionType } from '@readalong/contracts';
import { PercentBars } from '@/components/chart-figure';
import type { OutcomeScore } from '../api/student-report';
import { ChartWithNumbers, FiguresTable, ReportSection } from './report-parts';

type Measured = OutcomeScore & { percent: number };

/** The strongest two and the two weakest below the skill-builder line: what a parent meeting talks about. */
export function strengthsAndNextSteps(scores: readonly OutcomeScore[]) {
  const measured: Measured[] = scores
    .filter((score) => score.score_percent !== null)
    .map((score) => ({ ...score, percent: Math.round(score.score_percent!) }))
    .sort((a, b) => b.percent - a.percent);
  return {
    measured,
    strengths: measured.filter((score) => score.percent >= PROGRESSION.passPercent).slice(0, 2),
    nextSteps: measured
      .filter((score) => score.percent < PROGRESSION.skillBuilderBelowPercent)
      .slice(-2)
      .reverse(),
  };
}

const listed = (scores: readonly Measured[]) =>
  scores.map((score) => `${score.name} (${score.percent}%)`).join(' and ');

/** Learning-outcome scores over the period: bars with the numbers beside them (docs/rules.md P11). */
export function SkillsSection({ scores, period }: { scores: readonly OutcomeScore[]; period: string }) {
  const { measured, strengths, nextSteps } = strengthsAndNextSteps(scores);
  const summary =
    measured.length === 0
      ? `${period}: no marked quiz answers yet.`
      : `${period}: ${measured.length} skills measured.` +
        (strengths.length > 0 ? ` Strongest: ${listed(strengths)}.` : '') +
        (nextSteps.length > 0
          ? ` Below ${PROGRESSION.skillBuilderBelowPercent}%, where a skill builder helps: ${listed(nextSteps)}.`
          : '');
  return (
    <ReportSection id="skills" title="Reading skills (learning outcomes)" summary={summary}>
      {measured.length > 0 && (
        <ChartWithNumbers
          chart={
            <PercentBars
              data={measured.map((score) => ({ name: score.name, percent: score.percent }))}
              nameKey="name"
              valueKey="percent"
              goodFrom={PROGRESSION.skillBuilderBelowPercent}
              goodColour="teal.8"
            />
          }
          table={
            <FiguresTable
              caption="Each skill"
              columns={['Skill', 'Score', 'Questions']}
              numeric={[1, 2]}
              rows={measured.map((score) => [score.name, `${score.percent}%`, score.questions_answered])}
            />
          }
        />
      )}
    </ReportSection>
  );
}

const TYPE_NAMES: Record<number, string> = {
  [QuestionType.MCQ]: 'Multiple choice',
  [QuestionType.ShortAnswer]: 'Short answer',
  [QuestionType.OpenEnded]: 'Open-ended',
  [QuestionType.Sequencing]: 'Putting in order',
  [QuestionType.FormWords]: 'Forming words',
  [QuestionType.WordFromSentence]: 'Word from a sentence',
  [QuestionType.DiscardOption]: 'Odd one out',
  [QuestionType.Categorising]: 'Sorting into groups',
};

interface QuestionTypeResult {
  question_type_id: number;
  questions_answered: number;
  marks: number;
  max_marks: number;
}

/** Marks per kind of question over all time: which kinds of question go wrong. */
export function QuestionTypesSection({ types }: { types: readonly QuestionTypeResult[] }) {
  const answered = types.filter((type) => type.questions_answered > 0);
  const percentOf = (type: QuestionTypeResult) =>
    type.max_marks > 0 ? Math.round((type.marks / type.max_marks) * 100) : null;
  return (
    <ReportSection
      id="question-types"
      title="Results by kind of question"
      summary={
        answered.length === 0
          ? 'All time: no marked answers yet.'
          : `All time: ${answered.length} kinds of question answered.`
      }
    >
      {answered.length > 0 && (
        <FiguresTable
          caption="Each kind of question"
          columns={['Kind', 'Answered', 'Marks', 'Score']}
          numeric={[1, 2, 3]}
          rows={answered.map((type) => [
            TYPE_NAMES[type.question_type_id] ?? `Type ${type.question_type_id}`,
            type.questions_answered,
            `${type.marks} of ${type.max_marks}`,
            percentOf(type) === null ? '–' : `${percentOf(type)}%`,
          ])}
        />
      )}
    </ReportSection>
  );
}
