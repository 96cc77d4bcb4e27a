import { EmptyState, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { QueriesError } from '@/components/load-error';
import { Loading } from '@/components/loading';
import { ReadingGoals } from './goals/components/reading-goals';
import { useClasses } from './recordings/api/class-recordings';
import { TranslationCard } from './settings/components/translation-card';

/**
 * The teacher's class settings (docs/rules.md C42): for one class at a time (in the address, `?class=`), its
 * translation language (F12) and its reading goals (G1, G2: the same card as on the class page).
 */
export function TeacherSettingsPage() {
  const [search, setSearch] = useSearchParams();
  const classes = useClasses();
  if (classes.isPending) return <Loading label="Loading your classes" />;
  if (classes.isError) return <QueriesError title="Your classes could not be loaded" queries={[classes]} />;
  if (classes.data.length === 0) {
    return (
      <EmptyState icon={<IconSchool aria-hidden />}>
        <EmptyState.Title order={2}>No classes yet</EmptyState.Title>
        <EmptyState.Description>
          Settings are kept per class. Once you teach a class, its settings appear here.
        </EmptyState.Description>
      </EmptyState>
    );
  }
  const chosen = Number(search.get('class'));
  const current = classes.data.find((klass) => klass.id === chosen) ?? classes.data[0]!;
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" align="flex-end">
        <Stack gap={2}>
          <Title order={2} size="h3">
            {current.name}
          </Title>
          <Text size="sm" c="dimmed">
            Settings apply to this class only.
          </Text>
        </Stack>
        {classes.data.length > 1 && (
          <Select
            label="Class"
            data={classes.data.map((klass) => ({ value: String(klass.id), label: klass.name }))}
            value={String(current.id)}
            allowDeselect={false}
            onChange={(value) => value && setSearch({ class: value })}
          />
        )}
      </Group>
      <TranslationCard key={current.id} classId={current.id} />
      <ReadingGoals classId={current.id} />
    </Stack>
  );
}
