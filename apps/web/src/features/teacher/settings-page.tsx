import { Group, Stack, Text, Title } from '@mantine/core';
import { ChosenClass } from './components/chosen-class';
import { ReadingGoals } from './goals/components/reading-goals';
import { TranslationCard } from './settings/components/translation-card';

/**
 * The teacher's class settings (docs/rules.md C42): for one class at a time (in the address, `?class=`), its
 * translation language (F12) and its reading goals (G1, G2: the same card as on the class page).
 */
export function TeacherSettingsPage() {
  return (
    <ChosenClass whenNone="Settings are kept per class. Once you teach a class, its settings appear here.">
      {(current, picker) => (
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
            {picker}
          </Group>
          <TranslationCard key={current.id} classId={current.id} />
          <ReadingGoals classId={current.id} />
        </Stack>
      )}
    </ChosenClass>
  );
}
