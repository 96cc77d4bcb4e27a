import { Alert, Anchor, Button, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Loaded } from '@/components/loaded';
import { useFocusOnShow } from '@/components/use-focus-on-show';
import { paths } from '@/config/paths';
import { useCommitRosterImport, useRosterImport, type RosterImport } from '../api/roster-import';
import { scopedHref } from '@/shared/school-scope/school-scope';
import { FormProblem } from './form-problem';
import { ImportProgress } from './import-progress';
import { ChangesTable, ProblemsTable, SeatsNeeded, changesNothing, hasSeatsFor } from './import-report';
import { plural } from '@/lib/plural';

interface ImportJobProps {
  id: number;
  /** A department head's links to the classes and students carry the import's school (C28). */
  isDistrictHead: boolean;
  onStartOver: () => void;
}

/** Steps 2 and 3: the job as the server reports it, read again every second while it runs (docs/rules.md C33). */
export function ImportJob({ id, isDistrictHead, onStartOver }: ImportJobProps) {
  const job = useRosterImport(id);
  return (
    <Loaded query={job} loadingLabel="Loading the import" errorTitle="The import could not be loaded">
      {(data) => <JobState job={data} isDistrictHead={isDistrictHead} onStartOver={onStartOver} />}
    </Loaded>
  );
}

/** What one sentence says the job is doing, for the status region screen readers follow. */
function statusSentence(job: RosterImport): string {
  switch (job.status) {
    case 'validating':
      return `Checking ${job.file_name}.`;
    case 'invalid':
      return `${problemsWord(job.problem_count)}: nothing has been written.`;
    case 'ready':
      return job.changes && changesNothing(job.changes)
        ? 'Nothing to change.'
        : `${job.file_name} is ready to add to the school.`;
    case 'committing':
      return 'Adding to the school.';
    case 'committed':
      return `${job.file_name} is added to the school.`;
    case 'failed':
      return 'The import stopped: nothing has been written.';
  }
}

const problemsWord = (count: number) => plural(count, 'problem', 'problems');

function JobState({ job, ...rest }: Omit<ImportJobProps, 'id'> & { job: RosterImport }) {
  // X2: each new state replaces the last in place, so focus goes to its heading.
  const container = useFocusOnShow<HTMLDivElement>(job.status);
  return (
    <div ref={container}>
      <VisuallyHidden role="status">{statusSentence(job)}</VisuallyHidden>
      <StateView job={job} {...rest} />
    </div>
  );
}

/** The two steps that run on the server: what each says and the verb of its bar ("12 of 40 rows checked"). */
const RUNNING = {
  validating: {
    title: 'Checking the file',
    says: (fileName: string) => `Every row of ${fileName} is checked; nothing is written yet.`,
    verb: 'checked',
  },
  committing: {
    title: 'Adding to the school',
    says: () => 'All of the file is added, or none of it if something stops it.',
    verb: 'added',
  },
} as const;

function StateView({ job, isDistrictHead, onStartOver }: Omit<ImportJobProps, 'id'> & { job: RosterImport }) {
  const startOver = <StartOverButton onClick={onStartOver} />;
  switch (job.status) {
    case 'validating':
    case 'committing': {
      const { title, says, verb } = RUNNING[job.status];
      return (
        <Step title={title}>
          <Text>{says(job.file_name)}</Text>
          <ImportProgress done={job.progress.done} total={job.progress.total} verb={verb} />
        </Step>
      );
    }
    case 'invalid':
      return <Invalid job={job} startOver={startOver} />;
    case 'ready':
      return <Ready job={job} startOver={startOver} />;
    case 'committed':
      return (
        <Committed
          job={job}
          isDistrictHead={isDistrictHead}
          startOver={<StartOverButton onClick={onStartOver} label="Import another file" />}
        />
      );
    case 'failed':
      return (
        <Step title="The import stopped">
          <Alert color="red" variant="light" title="Nothing has been written">
            {job.error ?? 'The server could not finish the import.'}
          </Alert>
          {startOver}
        </Step>
      );
  }
}

function Step({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Stack gap="md">
        <Title order={2} size="h3">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

function StartOverButton({
  onClick,
  label = 'Upload a different file',
}: {
  onClick: () => void;
  label?: string;
}) {
  return (
    <Button variant="default" leftSection={<IconRefresh size={18} aria-hidden />} onClick={onClick}>
      {label}
    </Button>
  );
}

function Invalid({ job, startOver }: { job: RosterImport; startOver: ReactNode }) {
  return (
    <Step title={`${problemsWord(job.problem_count)} in ${job.file_name}`}>
      <Text fw={600}>
        {`${problemsWord(job.problem_count)}: nothing has been written. Fix the file and upload it again.`}
      </Text>
      <ProblemsTable job={job} />
      <Group>{startOver}</Group>
    </Step>
  );
}

function Ready({ job, startOver }: { job: RosterImport; startOver: ReactNode }) {
  const commit = useCommitRosterImport(job.id);
  const changes = job.changes;
  if (!changes || changesNothing(changes)) {
    return (
      <Step title="Nothing to change">
        <Text>Nothing to change: everything in this file is already in the school.</Text>
        <Group>{startOver}</Group>
      </Step>
    );
  }
  const canCommit = hasSeatsFor(job.seats);
  return (
    <Step title="Check what the file changes">
      <Text>{`${job.file_name} has no problems. Adding it to the school makes these changes, all of them at once:`}</Text>
      <ChangesTable changes={changes} caption="What adding the file changes" />
      {job.seats && <SeatsNeeded seats={job.seats} />}
      <FormProblem error={commit.error} title="Nothing was added" />
      <Group gap="sm">
        <Button
          leftSection={<IconCheck size={18} aria-hidden />}
          onClick={() => commit.mutate()}
          loading={commit.isPending}
          disabled={!canCommit}
        >
          Add to the school
        </Button>
        {startOver}
      </Group>
    </Step>
  );
}

function Committed({
  job,
  isDistrictHead,
  startOver,
}: {
  job: RosterImport;
  isDistrictHead: boolean;
  startOver: ReactNode;
}) {
  const scope = isDistrictHead ? { school_id: job.school_id } : {};
  return (
    <Step title="The roster is added">
      <Text>{`${job.file_name} is added to the school. New accounts can sign in now.`}</Text>
      {job.changes && <ChangesTable changes={job.changes} caption="What adding the file changed" />}
      <Group gap="lg">
        <Anchor component={Link} to={scopedHref(paths.manage.classes.getHref(), scope)} fw={600}>
          See the classes
        </Anchor>
        <Anchor component={Link} to={scopedHref(paths.manage.students.getHref(), scope)} fw={600}>
          See the students
        </Anchor>
      </Group>
      <Group>{startOver}</Group>
    </Step>
  );
}
