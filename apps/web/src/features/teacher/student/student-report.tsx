import { Anchor, Button, Group, List, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { PROGRESSION } from '@readalong/contracts';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueriesError } from '@/components/load-error';
import { Loaded } from '@/components/loaded';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { levelLabel } from '@/lib/levels';
import { formatRate } from '@/shared/read-aloud/fluency-format';
import { useScopedHref } from '@/shared/school-scope/school-scope';
import {
  REPORT_PERIODS,
  startOf,
  useStudentOutcomes,
  useStudentQuestionTypes,
  useStudentReport,
  type OutcomeScore,
  type ReportPeriod,
  type StudentReport,
} from './api/student-report';
import { BooksSection } from './components/books-section';
import { GoalProgressList } from './components/goal-progress';
import { dayOf, ReportSection } from './components/report-parts';
import { QuestionTypesSection, SkillsSection, strengthsAndNextSteps } from './components/skills-section';
import { FluencySection, LexileSection } from './components/timeline-sections';
import classes from './student-report.module.css';

/**
 * A student's report for their teacher and a parent meeting (docs/rules.md C35): over a period the teacher picks, a
 * summary (level, Lexile and speed then and now, strengths and next steps), goals, the Lexile timeline, reading
 * aloud over time, books and scores with each quiz's answers, and skills. Printed, it is a family's two pages: the
 * page without the app around it, its buttons or the skill-by-skill charts, its parts one after the other.
 */
export function StudentReportView({ studentId }: { studentId: number }) {
  const [period, setPeriod] = useState<ReportPeriod>('term');
  const scoped = useScopedHref();
  const isPhone = useMediaQuery('(max-width: 30em)') ?? false;
  const start = startOf(period);
  const report = useStudentReport(studentId, start);
  const outcomes = useStudentOutcomes(studentId, start);
  const questionTypes = useStudentQuestionTypes(studentId);
  const choice = REPORT_PERIODS.find((candidate) => candidate.value === period)!;
  if (report.isPending) return <Loading label="Loading the report" />;
  if (report.isError) return <QueriesError title="The report could not be loaded" queries={[report]} />;
  const { student, goals, lexile_timeline, current_lexile, recordings, books } = report.data;
  const periodText = start
    ? `${choice.label} (${dayOf(start)} – ${dayOf(new Date().toISOString())})`
    : choice.label;
  return (
    <Stack gap="lg" data-printable-report className={classes.report}>
      <Group justify="space-between" gap="sm" className={classes.noPrint}>
        <Anchor component={Link} to={scoped(paths.teacher.students.getHref(studentId))}>
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden /> {student.name}’s page
          </Group>
        </Anchor>
        <Group gap="sm">
          <SegmentedControl
            aria-label="Period"
            orientation={isPhone ? 'vertical' : 'horizontal'}
            fullWidth={isPhone}
            value={period}
            onChange={(value) => setPeriod(value)}
            data={REPORT_PERIODS.map(({ value, label }) => ({ value, label }))}
          />
          <Button leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()}>
            Print
          </Button>
        </Group>
      </Group>
      <Stack gap={4}>
        <Title order={2}>Reading report: {student.name}</Title>
        <Text>
          {periodText} · {levelLabel(student.series, student.colour_band_id)} · made{' '}
          {dayOf(new Date().toISOString())}
        </Text>
      </Stack>
      <Loaded query={outcomes} loadingLabel="Loading the skills" errorTitle="The skills could not be loaded">
        {(scores) => <AtAGlance report={report.data} scores={scores} period={choice.label} />}
      </Loaded>
      <ReportSection
        id="report-goals"
        title="Goals"
        summary={goals.length === 0 ? 'No reading goal is set.' : 'Each target against the latest figure.'}
      >
        <GoalProgressList goals={goals} />
      </ReportSection>
      <LexileSection
        name={student.first_name}
        points={lexile_timeline}
        current={current_lexile}
        period={choice.label}
      />
      <FluencySection recordings={recordings} goals={goals} period={choice.label} />
      <BooksSection books={books} period={choice.label} />
      {/* On paper the skills are the strengths and next steps At a glance names: the report stays two pages. */}
      <Stack gap="lg" className={classes.noPrint}>
        <Loaded
          query={outcomes}
          loadingLabel="Loading the skills"
          errorTitle="The skills could not be loaded"
        >
          {(scores) => <SkillsSection scores={scores} period={choice.label} />}
        </Loaded>
        <Loaded
          query={questionTypes}
          loadingLabel="Loading the results by kind of question"
          errorTitle="The results by kind of question could not be loaded"
        >
          {(types) => <QuestionTypesSection types={types} />}
        </Loaded>
      </Stack>
      <Text size="sm" c="dimmed">
        WPM: words read aloud per minute. WCPM: words read correctly per minute. Lexile: an estimate of the
        level of text the student reads, from the books they pass and their placement. Quiz scores are marked
        by the quiz; open-ended answers by a teacher.
      </Text>
    </Stack>
  );
}

/** One paragraph a parent reads first: where the student was and is, two strengths, two next steps. */
function AtAGlance({
  report,
  scores,
  period,
}: {
  report: StudentReport;
  scores: readonly OutcomeScore[];
  period: string;
}) {
  const { student, lexile_timeline, current_lexile, recordings, books } = report;
  const { strengths, nextSteps } = strengthsAndNextSteps(scores);
  const firstLexile = lexile_timeline[0]?.lexile;
  const timed = recordings.filter((recording) => recording.wcpm !== null);
  const wcpmGoal = report.goals.find((goal) => goal.kind === 'wcpm');
  const passed = books.filter(
    (book) => book.score_percent !== null && book.score_percent >= PROGRESSION.passPercent,
  ).length;
  const lines = [
    `Level now: ${levelLabel(student.series, student.colour_band_id)}.`,
    current_lexile === null
      ? 'No Lexile estimate yet.'
      : firstLexile !== undefined && firstLexile !== current_lexile
        ? `Estimated Lexile ${firstLexile}L at the start of the period, ${current_lexile}L now.`
        : `Estimated Lexile ${current_lexile}L.`,
    timed.length === 0
      ? 'No timed read-aloud recordings in the period.'
      : `Words correct per minute: ${formatRate(timed[0]!.wcpm)} at first, ${formatRate(timed.at(-1)!.wcpm)} in the latest recording` +
        (wcpmGoal ? ` (goal ${wcpmGoal.target}).` : '.'),
    `${books.length === 1 ? '1 quiz' : `${books.length} quizzes`} handed in, ${passed} passed.`,
  ];
  return (
    <ReportSection id="at-a-glance" title="At a glance" summary={`${period}.`}>
      <List spacing={4}>
        {lines.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
      <Text>
        <strong>Strengths:</strong>{' '}
        {strengths.length > 0
          ? strengths.map((score) => `${score.name} (${score.percent}%)`).join('; ')
          : 'not enough marked answers yet.'}
      </Text>
      <Text>
        <strong>Next steps:</strong>{' '}
        {nextSteps.length > 0
          ? nextSteps.map((score) => `${score.name} (${score.percent}%)`).join('; ')
          : `keep reading at this level; no skill is below ${PROGRESSION.skillBuilderBelowPercent}%.`}
      </Text>
    </ReportSection>
  );
}
