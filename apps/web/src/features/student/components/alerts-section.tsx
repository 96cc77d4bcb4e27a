import { Badge, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBell, IconBook2, IconStarFilled } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useAlerts, type StudentAlert } from '../api/get-alerts';
import { useSubmittedPassages } from '../api/get-submitted-passages';
import { usePassages } from '../api/list-passages';
import { useMarkAlertsViewed } from '../api/mark-alerts-viewed';
import { describeAlert, type AlertBook } from './alert-wording';
import { friendlyDay } from './dates';
import { LoadError } from '@/components/load-error';

/**
 * The student's news: passes, level-ups and goals reached, newest first. Showing them is seeing them, so the
 * alerts are marked seen at once (docs/rules.md C18); the New badges stay until the next visit.
 */
export function AlertsSection() {
  const alerts = useAlerts();
  const shown = alerts.data?.pages.flatMap((page) => page.alerts) ?? [];
  useMarkAllSeenOnceShown(alerts.data?.pages);
  const books = useBooksByWorksheet();

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="alerts-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="alerts-heading">
          Your news
        </Title>
        {alerts.isPending ? (
          <Skeleton height={96} radius="md" role="status" aria-label="Loading your news" />
        ) : alerts.isError ? (
          <LoadError
            title="Your news could not be loaded"
            error={alerts.error}
            retry={() => void alerts.refetch()}
          />
        ) : shown.length === 0 ? (
          <Group gap="md" wrap="nowrap">
            <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
              <IconBell size={28} />
            </ThemeIcon>
            <Text size="lg">No news yet. When you pass a quiz or move up a level, you will see it here.</Text>
          </Group>
        ) : (
          <>
            <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
              {shown.map((alert) => (
                <AlertItem key={alert.id} alert={alert} book={books.get(alert.worksheet_id ?? -1)} />
              ))}
            </Stack>
            {alerts.hasNextPage && (
              <Button
                variant="default"
                size="md"
                onClick={() => void alerts.fetchNextPage()}
                loading={alerts.isFetchingNextPage}
                style={{ alignSelf: 'flex-start' }}
              >
                Show older news
              </Button>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}

function AlertItem({ alert, book }: { alert: StudentAlert; book: AlertBook | undefined }) {
  const { text, mood } = describeAlert(alert, book);
  const celebrate = mood === 'celebrate';
  return (
    <Group component="li" gap="md" wrap="nowrap" align="flex-start">
      <ThemeIcon
        size={44}
        radius="xl"
        color={celebrate ? 'yellow.3' : 'indigo.1'}
        c={celebrate ? 'dark.8' : 'indigo.9'}
        aria-hidden
      >
        {celebrate ? <IconStarFilled size={24} /> : <IconBook2 size={24} />}
      </ThemeIcon>
      <Stack gap={2} style={{ flexGrow: 1, minWidth: 0 }}>
        <Text size="lg" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {text}
        </Text>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {friendlyDay(alert.created_at)}
          </Text>
          {!alert.seen && (
            <Badge color="red.9" size="md" radius="sm" tt="none">
              New
            </Badge>
          )}
        </Group>
      </Stack>
    </Group>
  );
}

/**
 * docs/rules.md C18: the alerts screen sets every alert to seen at once. So the first time this visit shows an unseen
 * alert, all of the student's alerts are marked seen in one call (the server keeps a student's seen marks apart
 * from their teachers'). Since every visit does this, alerts older than the newest seen one are seen already.
 */
function useMarkAllSeenOnceShown(pages: readonly { alerts: readonly StudentAlert[] }[] | undefined) {
  const { mutate } = useMarkAlertsViewed();
  const hasMarked = useRef(false);
  useEffect(() => {
    const showsUnseen = (pages ?? []).some((page) => page.alerts.some((alert) => !alert.seen));
    if (!showsUnseen || hasMarked.current) return;
    hasMarked.current = true;
    mutate();
  }, [pages, mutate]);
}

/**
 * The student's books by worksheet, so an alert can name its book (and its score, once the book is finished).
 * Until they load, or for a book neither list holds, an alert reads as the server words it.
 */
function useBooksByWorksheet(): ReadonlyMap<number, AlertBook> {
  const books = usePassages();
  const finished = useSubmittedPassages();
  const byWorksheet = new Map<number, AlertBook>();
  for (const book of books.data ?? []) {
    if (book.worksheet_id !== null)
      byWorksheet.set(book.worksheet_id, { title: book.title, score_percent: null });
  }
  for (const book of finished.data ?? []) byWorksheet.set(book.worksheet_id, book);
  return byWorksheet;
}
