import { Stack, Text } from '@mantine/core';
import { PROGRESSION } from '@readalong/contracts';
import { Loaded } from '@/components/loaded';
import { PercentBars } from '@/components/chart-figure';
import { useOutcomePerformance, type InsightsFilter } from '../api/insights';
import { InsightsFigure } from '../components/insights-figure';
import type { InsightsAddress } from '../insights-address';

/** A score from the quiz pass mark up (L7) reads as secure, drawn in green; the summary says so. */
const SECURE_FROM = PROGRESSION.passPercent;

type Performance = NonNullable<ReturnType<typeof useOutcomePerformance>['data']>['scores'][number];

/** Learning-outcome performance (IN9): each topic group's outcomes scored over the period, weakest named first. */
export function SkillsSection({ address }: { address: InsightsAddress }) {
  const outcomes = useOutcomePerformance(address.filter);
  return (
    <Loaded query={outcomes} loadingLabel="Loading the skills" errorTitle="The skills could not be loaded">
      {({ scores, taxonomy }) => {
        const groups = taxonomy.topic_groups
          .map((group) => ({ ...group, scores: scores.filter((score) => score.topic_group_id === group.id) }))
          .filter((group) => group.scores.length > 0);
        if (groups.length === 0)
          return (
            <Text>No quiz was handed in over the {address.period}: skills show once students answer.</Text>
          );
        return (
          <Stack gap="lg">
            {groups.map((group) => (
              <TopicGroupFigure
                key={group.id}
                name={group.name}
                scores={group.scores}
                filter={address.filter}
                period={address.period}
              />
            ))}
          </Stack>
        );
      }}
    </Loaded>
  );
}

const percent = (score: number | null) => (score === null ? '—' : `${Math.round(score)}%`);

function TopicGroupFigure({
  name,
  scores,
  filter,
  period,
}: {
  name: string;
  scores: Performance[];
  filter: InsightsFilter;
  period: string;
}) {
  const answered = scores.filter((score) => score.score_percent !== null);
  const ranked = [...answered].sort((a, b) => a.score_percent! - b.score_percent!);
  const weakest = ranked[0];
  return (
    <InsightsFigure
      id={`skills-${name.replace(/\W+/g, '-').toLowerCase()}`}
      title={`${name}, ${period}`}
      summary={
        weakest
          ? `${answered.length} skills answered; the weakest is “${weakest.name}” at ${percent(weakest.score_percent)}, the strongest “${ranked.at(-1)!.name}” at ${percent(ranked.at(-1)!.score_percent)}. Green bars are at the pass mark (${SECURE_FROM}%) or above.`
          : 'No answer to these skills was marked in the period.'
      }
      table={{
        columns: ['Skill', 'Score', 'Questions answered', 'Students'],
        rows: scores.map((score) => [
          score.name,
          percent(score.score_percent),
          score.questions_answered,
          score.students_answered,
        ]),
      }}
      filename={`skills-${name.replace(/\W+/g, '-').toLowerCase()}-${filter.start}-to-${filter.end}.csv`}
    >
      {answered.length > 0 && (
        <PercentBars
          data={answered.map((score) => ({ skill: score.name, Score: Math.round(score.score_percent!) }))}
          nameKey="skill"
          valueKey="Score"
          goodFrom={SECURE_FROM}
          goodColour="teal.7"
        />
      )}
    </InsightsFigure>
  );
}
