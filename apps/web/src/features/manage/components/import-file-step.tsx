import { Button, Card, FileInput, Group, List, Select, Stack, Text, Title } from '@mantine/core';
import { useForm, type GetInputPropsReturnType } from '@mantine/form';
import { ROSTER_FILE_MAX_BYTES } from '@readalong/contracts';
import { IconDownload, IconFileUpload } from '@tabler/icons-react';
import { ApiError, fieldErrorsOf } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { rosterTemplateCsv, useStartRosterImport, type RosterImport } from '../api/roster-import';
import { useManagedSchools } from '../api/school';
import type { SchoolScope } from '@/shared/school-scope/school-scope';
import { FormProblem } from './form-problem';
import { ProgressBar } from './import-progress';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB`;

/** Refused in the browser, before a long upload the server would refuse anyway (docs/rules.md C33). */
export const fileProblem = (file: File | null) => {
  if (!file) return 'Choose the roster file to upload';
  if (file.size > ROSTER_FILE_MAX_BYTES)
    return `This file is ${megabytes(file.size)}: the largest file accepted is ${megabytes(ROSTER_FILE_MAX_BYTES)}.`;
  return null;
};

interface ImportFileStepProps {
  scope: SchoolScope;
  /** A department head names the school the roster is for; an owner imports into their own. */
  choosesSchool: boolean;
  onStarted: (job: RosterImport) => void;
}

/** Step 1: the two accepted formats, the template to download, and the upload that starts the dry run. */
export function ImportFileStep({ scope, choosesSchool, onStarted }: ImportFileStepProps) {
  const start = useStartRosterImport();
  const form = useForm<{ school_id: string | null; file: File | null }>({
    initialValues: { school_id: scope.school_id ? String(scope.school_id) : null, file: null },
    validate: {
      file: fileProblem,
      school_id: (value) => (choosesSchool && !value ? 'Choose the school the roster is for' : null),
    },
  });

  const submit = form.onSubmit(({ file, school_id }) =>
    start.mutate(
      { file: file!, ...(choosesSchool && school_id && { schoolId: Number(school_id) }) },
      { onSuccess: onStarted, onError: (error) => form.setErrors(uploadFieldErrors(error)) },
    ),
  );

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="import-file-heading">
      <Stack gap="md">
        <Title order={2} size="h3" id="import-file-heading">
          Choose a file
        </Title>
        <Formats />
        <Button
          variant="light"
          leftSection={<IconDownload size={18} aria-hidden />}
          onClick={downloadTemplate}
          style={{ alignSelf: 'flex-start' }}
        >
          Download the template
        </Button>
        <form onSubmit={submit} noValidate>
          <Stack gap="md" maw={560}>
            {choosesSchool && (
              <SchoolField key={form.key('school_id')} field={form.getInputProps('school_id')} />
            )}
            <FileInput
              label="Roster file"
              description={`A .csv or .zip file, at most ${megabytes(ROSTER_FILE_MAX_BYTES)}`}
              placeholder="Choose a file"
              // Mantine's dimmed placeholder is below 4.5:1 on white; this one is a real text span, so axe reads it.
              styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
              accept=".csv,.zip,text/csv,application/zip"
              clearable
              leftSection={<IconFileUpload size={18} aria-hidden />}
              key={form.key('file')}
              {...form.getInputProps('file')}
            />
            <FormProblem error={start.error} title="The file was not uploaded" />
            {start.isPending && <Uploading file={form.values.file} />}
            <Group>
              <Button type="submit" loading={start.isPending}>
                Upload and check
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}

function Formats() {
  return (
    <Stack gap="xs">
      <Text>Two kinds of file are accepted:</Text>
      <List spacing={4}>
        <List.Item>
          <Text inherit fw={600} span>
            The ReadAlong template (.csv):
          </Text>{' '}
          one row per teacher or student, with the classes they teach or join. Fill it in a spreadsheet and
          save it as CSV.
        </List.Item>
        <List.Item>
          <Text inherit fw={600} span>
            A OneRoster 1.1 CSV zip (.zip):
          </Text>{' '}
          the export of your student information system, as it is.
        </List.Item>
      </List>
      {/* RI5: a file's password only ever sets a new account's; one without stays locked until reset. */}
      <Text size="sm">
        Nothing is added to the school until you have checked what the file changes. A password in the file is
        used only for a new account; a new account without one cannot sign in until you reset its password.
      </Text>
    </Stack>
  );
}

function downloadTemplate() {
  saveFile(new Blob([rosterTemplateCsv()], { type: 'text/csv;charset=utf-8' }), 'roster-template.csv');
}

function SchoolField({ field }: { field: GetInputPropsReturnType }) {
  const schools = useManagedSchools();
  return (
    <Select
      label="Import into the school"
      required
      placeholder={schools.isPending ? 'Loading the schools' : 'Choose a school'}
      data={(schools.data ?? []).map((school) => ({ value: String(school.id), label: school.name }))}
      {...field}
    />
  );
}

/** fetch reports no upload progress, so the bar moves without a number until the server answers. */
function Uploading({ file }: { file: File | null }) {
  const words = file ? `Uploading ${file.name} (${megabytes(file.size)})` : 'Uploading the file';
  return (
    <Stack gap={6} maw={560}>
      <ProgressBar label={words} percent={null} />
      <Text size="sm">{words}</Text>
    </Stack>
  );
}

/**
 * The server's words for the upload's fields: the file is named `file` (a file part), the school `body.school_id`
 * (docs/rules.md C30).
 */
function uploadFieldErrors(error: Error): Record<string, string> {
  const fileError = error instanceof ApiError ? error.fields.file : undefined;
  return { ...fieldErrorsOf(error), ...(fileError && { file: fileError }) };
}
