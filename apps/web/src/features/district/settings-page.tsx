import { Button, Card, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { AUDIO_RETENTION_DAYS, updateDistrictSettings } from '@readalong/contracts';
import { z } from 'zod';
import { QueriesError } from '@/components/load-error';
import { Loading } from '@/components/loading';
import { fieldErrorsOf } from '@/lib/api-client';
import { showToast } from '@/lib/toasts';
import { useDistrictSettings, useUpdateDistrictSettings } from './api/district-settings';

type Settings = NonNullable<ReturnType<typeof useDistrictSettings>['data']>;

const SettingsSchema = z.object({
  // An emptied field is '' in the form: ask for a number rather than name a type.
  audio_retention_days: z
    .custom<number>((value) => value !== '', 'type a number of days')
    .pipe(updateDistrictSettings.body.shape.audio_retention_days),
});

/**
 * District settings (the “District” area, docs/rules.md C26), for the department head: how long recordings’ audio is kept before it
 * is deleted automatically (docs/rules.md RA13), for every school of the district.
 */
export function DistrictSettingsPage() {
  const settings = useDistrictSettings();
  if (settings.isPending) return <Loading label="Getting your district’s settings" />;
  if (settings.isError)
    return <QueriesError title="Your district’s settings could not be loaded" queries={[settings]} />;
  return <RetentionCard settings={settings.data} />;
}

function RetentionCard({ settings }: { settings: Settings }) {
  const save = useUpdateDistrictSettings();
  const form = useForm<{ audio_retention_days: number | string }>({
    mode: 'uncontrolled',
    initialValues: { audio_retention_days: settings.audio_retention_days },
    validate: schemaResolver(SettingsSchema, { sync: true }),
  });
  const submit = form.onSubmit((values) => {
    const days = Number(values.audio_retention_days);
    save.mutate(
      { audio_retention_days: days },
      {
        onSuccess: (saved) => {
          form.resetDirty({ audio_retention_days: saved.audio_retention_days });
          showToast({
            type: 'positive',
            message: `Saved: recordings’ audio is kept for ${saved.audio_retention_days} days.`,
          });
        },
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          if (Object.keys(fields).length > 0) form.setErrors(fields);
          else showToast({ type: 'negative', message: error.message });
        },
      },
    );
  });
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="retention-heading">
      <form onSubmit={submit} noValidate>
        <Stack gap="md" maw={560}>
          <Title order={2} size="h4" id="retention-heading">
            Recordings
          </Title>
          <NumberInput
            label="Keep recordings’ audio for"
            description={`${AUDIO_RETENTION_DAYS.min} to ${AUDIO_RETENTION_DAYS.max} days, for every school of your district`}
            rightSection={
              <Text size="sm" c="dimmed" pr="md">
                days
              </Text>
            }
            rightSectionWidth={64}
            min={AUDIO_RETENTION_DAYS.min}
            max={AUDIO_RETENTION_DAYS.max}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            hideControls
            maw={320}
            key={form.key('audio_retention_days')}
            {...form.getInputProps('audio_retention_days')}
          />
          <Text size="sm">
            When a recording is older than this, its audio is deleted automatically. Its marks, scores (WPM,
            WCPM and accuracy) and the teacher’s comments stay, so reading progress and reports are unchanged;
            only listening to it again is no longer possible.
          </Text>
          <Group>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
