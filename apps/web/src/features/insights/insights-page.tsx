import { Button, Group, NativeSelect, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Loading } from '@/components/loading';
import { useClassChoices } from './api/insights';
import { PERIODS, SECTIONS, useInsightsAddress, type InsightsAddress } from './insights-address';
import { OverviewSection } from './sections/overview-section';

/** Sections past the first load their code when opened (docs/rules.md B2: the first screen's budget). */
const LATER_SECTIONS = {
  levels: lazy(async () => ({ default: (await import('./sections/levels-section')).LevelsSection })),
  weekly: lazy(async () => ({ default: (await import('./sections/weekly-section')).WeeklySection })),
  students: lazy(async () => ({ default: (await import('./sections/students-section')).StudentsSection })),
  skills: lazy(async () => ({ default: (await import('./sections/skills-section')).SkillsSection })),
};

/**
 * Insights, the default child of its area (docs/rules.md IN10): the figures of the caller's scope (IN1–IN9) in
 * sections of their own, each a link, filtered by a period and a class kept in the address.
 */
export function InsightsPage() {
  const address = useInsightsAddress();
  const Later = address.section === 'overview' ? null : LATER_SECTIONS[address.section];
  return (
    <Stack gap="lg">
      <Group align="end" wrap="wrap">
        <NativeSelect
          label="Period"
          data={[...PERIODS]}
          value={address.days}
          onChange={(event) => address.update({ period: event.currentTarget.value })}
        />
        <ClassPicker address={address} />
      </Group>
      <SectionLinks address={address} />
      {Later === null ? (
        <OverviewSection address={address} />
      ) : (
        <Suspense fallback={<Loading label="Loading the section" />}>
          <Later key={address.schoolId} address={address} />
        </Suspense>
      )}
    </Stack>
  );
}

function ClassPicker({ address }: { address: InsightsAddress }) {
  const classes = useClassChoices(address.schoolId);
  const options = [
    { value: '', label: 'All classes' },
    ...(classes.data ?? []).map((klass) => ({ value: String(klass.id), label: klass.name })),
  ];
  return (
    <NativeSelect
      label="Class"
      data={options}
      value={address.classId}
      disabled={classes.isPending}
      onChange={(event) => address.update({ class: event.currentTarget.value })}
    />
  );
}

/** The sections as links: one click to any of them, and the address says which is open. */
function SectionLinks({ address }: { address: InsightsAddress }) {
  return (
    <Group component="nav" aria-label="Sections of insights" gap={6} wrap="wrap">
      {SECTIONS.map(({ value, label }) => {
        const isOpen = value === address.section;
        return (
          <Button
            key={value}
            component={Link}
            to={address.hrefOf(value)}
            variant={isOpen ? 'filled' : 'light'}
            aria-current={isOpen ? 'page' : undefined}
            radius="xl"
            size="compact-md"
          >
            {label}
          </Button>
        );
      })}
    </Group>
  );
}
