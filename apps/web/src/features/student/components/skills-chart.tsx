import { PROGRESSION, type LearningOutcomeScore } from '@readalong/contracts';
import type { z } from 'zod';
import { ChartFigure, PercentBars } from '@/components/chart-figure';

type Score = z.infer<typeof LearningOutcomeScore>;

interface SkillsChartProps {
  scores: readonly Score[];
  /** Learning outcome id → what it means ("Say what a passage is mostly about"). */
  nameOf: (learningOutcomeId: number) => string;
}

/** The student's score on each reading skill their quizzes measured, strongest first. */
export function SkillsChart({ scores, nameOf }: SkillsChartProps) {
  const measured = scores
    .filter((score): score is Score & { score_percent: number } => score.score_percent !== null)
    .map((score) => ({
      ...score,
      name: nameOf(score.learning_outcome_id),
      percent: Math.round(score.score_percent),
    }))
    .sort((a, b) => b.percent - a.percent);
  const strongest = measured[0];
  // The two weakest at most: a child can take on two things, not ten.
  const toPractise = measured
    .filter((score) => score.percent < PROGRESSION.skillBuilderBelowPercent)
    .slice(-2)
    .reverse();
  const summary = !strongest
    ? 'Your reading skills will show here once you answer some quiz questions.'
    : `Your strongest skill: ${strongest.name} (${strongest.percent}%).` +
      (toPractise.length > 0
        ? ` A skill builder can help with: ${toPractise.map((score) => `${score.name} (${score.percent}%)`).join(' and ')}.`
        : '');

  return (
    <ChartFigure
      id="reading-skills"
      title="Your reading skills"
      summary={summary}
      table={{
        columns: ['Skill', 'Score', 'Questions answered'],
        rows: measured.map((score) => [score.name, `${score.percent}%`, score.questions_answered]),
      }}
    >
      {measured.length > 0 && (
        <PercentBars
          data={measured}
          nameKey="name"
          valueKey="percent"
          goodFrom={PROGRESSION.skillBuilderBelowPercent}
          goodColour="teal.8"
        />
      )}
    </ChartFigure>
  );
}
