import { Alert, Button, EmptyState, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconBooks } from '@tabler/icons-react';
import type { QueryClient } from '@tanstack/react-query';
import { prefetched, type FirstRead } from '@/app/first-reads';
import { useAuth } from '@/lib/auth-store';
import { alertsQueryOptions } from './api/get-alerts';
import { readingOverviewQueryOptions, useReadingOverview } from './api/get-reading-overview';
import { submittedPassagesQueryOptions } from './api/get-submitted-passages';
import { userDetailsQueryOptions, useUserDetails } from './api/get-user-details';
import { newAssignmentsQueryOptions } from './api/have-new-assignments';
import { assignmentsQueryOptions } from './api/list-assignments';
import { passagesQueryOptions, usePassages } from './api/list-passages';
import { AlertsSection } from './components/alerts-section';
import { AssignmentsSection } from './components/assignments-section';
import { isFinished } from './components/book-progress';
import { CoinsCard } from './components/coins-card';
import { GoalsCard } from './components/goals-card';
import { LevelCard, LevelCardSkeleton } from './components/level-card';
import { NextBookCard } from './components/next-book-card';

/**
 * The student's dashboard (the “Student area”, docs/rules.md C26): level and coins, their reading goals (G1), what the
 * teacher set, the next book of their level, and their news.
 */
export function StudentHomePage() {
  const { user } = useAuth();
  return (
    <Stack gap="lg">
      {user && (
        <Text size="xl" fw={700}>
          Hi {user.first_name}! Ready to read?
        </Text>
      )}
      <LevelAndCoins />
      <Goals />
      <AssignmentsSection />
      <NextBook />
      <AlertsSection />
    </Stack>
  );
}

/**
 * Everything home reads as it opens (each section's query below), started by its route alongside this code and the
 * session check (app/first-reads.ts, docs/rules.md B7); the route waits for them, so home renders once (B11).
 */
export function startHomeReads(queryClient: QueryClient): FirstRead[] {
  const alerts = alertsQueryOptions();
  return [
    prefetched(queryClient, userDetailsQueryOptions()),
    prefetched(queryClient, assignmentsQueryOptions()),
    prefetched(queryClient, newAssignmentsQueryOptions()),
    prefetched(queryClient, passagesQueryOptions()),
    prefetched(queryClient, submittedPassagesQueryOptions()),
    prefetched(queryClient, readingOverviewQueryOptions()),
    { queryKey: alerts.queryKey, answered: queryClient.prefetchInfiniteQuery(alerts) },
  ];
}

/** The first book of the student's band not yet finished, or the empty state when there is none. */
function NextBook() {
  const details = useUserDetails();
  const bandId = details.data?.colour_band_id ?? null;
  // A student without a band has no books yet: the level card sends them to the placement test.
  const passages = usePassages({ enabled: bandId !== null });
  if (details.isPending || (bandId !== null && passages.isPending)) {
    return <Skeleton height={240} radius="lg" role="status" aria-label="Loading your next book" />;
  }
  const next = passages.data?.find((book) => book.colour_band_id === bandId && !isFinished(book));
  if (next) return <NextBookCard book={next} />;
  return (
    <EmptyState icon={<IconBooks aria-hidden />}>
      <EmptyState.Title order={2}>Your next books</EmptyState.Title>
      <EmptyState.Description>Books picked for your level will appear here.</EmptyState.Description>
    </EmptyState>
  );
}

/** The goals card (G1) from the overview's default range; a failed read leaves the rest of home in place. */
function Goals() {
  const overview = useReadingOverview();
  if (overview.isPending) return null;
  if (overview.isError) {
    return <Text c="dimmed">Your goals could not be loaded. They are on your progress page too.</Text>;
  }
  return <GoalsCard goals={overview.data.goals} />;
}

function LevelAndCoins() {
  const details = useUserDetails();
  if (details.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <LevelCardSkeleton />
        <LevelCardSkeleton />
      </SimpleGrid>
    );
  }
  if (details.isError) {
    return (
      <Alert color="red.9" variant="outline" title="Your level could not be loaded">
        <Stack gap="sm" align="flex-start">
          <Text>{details.error.message}</Text>
          <Button variant="default" onClick={() => void details.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <LevelCard level={details.data} />
      <CoinsCard coins={details.data.coins} />
    </SimpleGrid>
  );
}
