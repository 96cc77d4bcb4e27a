import { Card, SegmentedControl, Stack, Switch, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { ProfileSection } from '@/shared/account/components/profile-section';
import { SignOutEverywhere } from '@/shared/account/components/sign-out-everywhere';
import {
  FONT_SIZES,
  NARRATION_SPEEDS,
  useReadingSettings,
  type ReadingSettingsValue,
} from '@/lib/reading-settings';

type SwitchSetting = 'highlight' | 'narration' | 'pageFlip' | 'music';

const SWITCHES: { key: SwitchSetting; label: string; description: string }[] = [
  { key: 'narration', label: 'Read the book to me', description: 'A voice reads each page aloud.' },
  { key: 'highlight', label: 'Highlight words', description: 'Each word lights up as it is read.' },
  { key: 'pageFlip', label: 'Page-turn animation', description: 'Pages slide gently when you turn them.' },
  { key: 'music', label: 'Background music', description: 'Quiet music plays while you read.' },
];

const speedLabel = (speed: number) => `${speed}×`;
const FONT_SIZE_LABELS: Record<(typeof FONT_SIZES)[number], string> = {
  1: 'Normal',
  1.25: 'Big',
  1.5: 'Bigger',
};

/**
 * The student's reading settings (docs/rules.md C13), each saved at once, their profile, and signing out on every
 * device (C32).
 */
export function StudentSettingsPage() {
  const [settings, update] = useReadingSettings();
  const speedId = useId();
  const sizeId = useId();
  const set = (change: Partial<ReadingSettingsValue>) => void update(change);

  return (
    <Stack gap="lg" maw={640}>
      <Text size="lg">Choose how your books look and sound. Changes are saved straight away.</Text>
      <Card withBorder padding="lg" radius="md">
        <Stack gap="lg">
          {SWITCHES.map(({ key, label, description }) => (
            <Switch
              key={key}
              size="lg"
              label={label}
              description={description}
              checked={settings[key]}
              onChange={(event) => set({ [key]: event.currentTarget.checked })}
            />
          ))}
        </Stack>
      </Card>
      <Card withBorder padding="lg" radius="md">
        <Stack gap="lg">
          <Stack gap={6}>
            <Text id={speedId} fw={600} size="lg">
              Reading voice speed
            </Text>
            <SegmentedControl
              aria-labelledby={speedId}
              size="sm"
              fullWidth
              styles={{ label: { paddingInline: 4 } }}
              value={String(settings.narrationSpeed)}
              onChange={(value) => set({ narrationSpeed: Number(value) })}
              data={NARRATION_SPEEDS.map((speed) => ({ value: String(speed), label: speedLabel(speed) }))}
            />
          </Stack>
          <Stack gap={6}>
            <Text id={sizeId} fw={600} size="lg">
              Text size
            </Text>
            <SegmentedControl
              aria-labelledby={sizeId}
              size="sm"
              fullWidth
              value={String(settings.fontSize)}
              onChange={(value) => set({ fontSize: Number(value) })}
              data={FONT_SIZES.map((size) => ({ value: String(size), label: FONT_SIZE_LABELS[size] }))}
            />
          </Stack>
        </Stack>
      </Card>
      <Title order={2} size="h3" mt="md">
        Your profile
      </Title>
      <ProfileSection />
      <SignOutEverywhere />
    </Stack>
  );
}
