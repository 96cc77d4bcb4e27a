import { Alert, Button, EmptyState, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBooks } from '@tabler/icons-react';
import { useAuth } from '@/lib/auth-store';
import { useUserDetails } from './api/get-user-details';
import { CoinsCard } from './components/coins-card';
import { LevelCard, LevelCardSkeleton } from './components/level-card';

/** The student's dashboard (SPEC.md §2 "Student area"): level and coins from the server, then what comes next. */
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
      <EmptyState icon={<IconBooks aria-hidden />}>
        <EmptyState.Title order={2}>Your next books</EmptyState.Title>
        <EmptyState.Description>Books picked for your level will appear here.</EmptyState.Description>
      </EmptyState>
    </Stack>
  );
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
