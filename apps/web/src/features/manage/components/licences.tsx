import { Alert, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { BarChart } from '@/components/charts/bar-chart';
import { Loaded } from '@/components/loaded';
import { useLicenceHistory, useLicencePacks, useLicenceUsage } from '../api/school';
import type { SchoolScope } from '@/shared/school-scope/school-scope';
import { Seats } from './seats';
import { formatDay, formatMonth } from '@/lib/dates';

/** A licence pack ending within this many days is announced above the seats (docs/rules.md C30). */
const ENDING_SOON_DAYS = 30;
const DAY_MS = 86_400_000;

const daysUntil = (date: string, today = new Date()) =>
  Math.ceil((new Date(`${date}T23:59:59`).getTime() - today.getTime()) / DAY_MS);

/** A school's licences: seats used and free, each pack, and the seats used month by month. */
export function Licences({ scope }: { scope: SchoolScope }) {
  return (
    <Stack gap="lg" component="section" aria-labelledby="licences-heading">
      <Title order={2} size="h3" id="licences-heading">
        Licences
      </Title>
      <Usage scope={scope} />
      <Packs scope={scope} />
      <UsageHistory scope={scope} />
    </Stack>
  );
}

function Usage({ scope }: { scope: SchoolScope }) {
  const usage = useLicenceUsage(scope);
  return (
    <Loaded
      query={usage}
      loadingLabel="Loading the seats"
      errorTitle="The seats could not be loaded"
      skeletonHeight={80}
    >
      {(seats) => {
        const daysLeft = seats.next_end_date === null ? null : daysUntil(seats.next_end_date);
        return (
          <Stack gap="sm">
            {daysLeft !== null && daysLeft <= ENDING_SOON_DAYS && (
              <Alert color="orange" variant="light" title="A licence pack ends soon">
                {`It ends on ${formatDay(seats.next_end_date!)}, in ${daysLeft === 1 ? '1 day' : `${daysLeft} days`}. `}
                Its students will need seats in another pack.
              </Alert>
            )}
            <Paper withBorder radius="md" p="md" maw={480}>
              <Seats used={seats.seats_used} total={seats.seats_total} label="seats used" />
              <Text size="sm" mt={4}>
                {seats.seats_free === 1 ? '1 seat free' : `${seats.seats_free} seats free`}
              </Text>
            </Paper>
          </Stack>
        );
      }}
    </Loaded>
  );
}

function Packs({ scope }: { scope: SchoolScope }) {
  const packs = useLicencePacks(scope);
  return (
    <Loaded
      query={packs}
      loadingLabel="Loading the licence packs"
      errorTitle="The licence packs could not be loaded"
    >
      {(list) =>
        list.length === 0 ? (
          <Text>No licence pack yet. Students cannot be added until the school has one.</Text>
        ) : (
          <Paper withBorder radius="lg" p={{ base: 4, sm: 'md' }}>
            <Table verticalSpacing="sm" horizontalSpacing={8} className="fit-phone">
              <Table.Caption>Licence packs, newest first</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Pack</Table.Th>
                  <Table.Th>Seats</Table.Th>
                  <Table.Th visibleFrom="sm">State</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((pack) => (
                  <Table.Tr key={pack.id}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      <Text fw={600} inherit>
                        {pack.name}
                      </Text>
                      <Text size="sm">
                        {formatDay(pack.start_date)} – {formatDay(pack.end_date)}
                      </Text>
                      <Text size="sm" hiddenFrom="sm">
                        {pack.active ? 'Active' : 'Not active'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {pack.seats_used} of {pack.seats} used
                    </Table.Td>
                    <Table.Td visibleFrom="sm">{pack.active ? 'Active' : 'Not active'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        )
      }
    </Loaded>
  );
}

/** Seats used month by month as bars beside the seats bought, with the same numbers in a table beside the chart. */
function UsageHistory({ scope }: { scope: SchoolScope }) {
  const history = useLicenceHistory(scope);
  return (
    <Loaded
      query={history}
      loadingLabel="Loading the monthly use"
      errorTitle="The monthly use could not be loaded"
    >
      {(months) => {
        const rows = months.map((entry) => ({
          month: formatMonth(`${entry.month}-01`),
          used: entry.seats_used,
          bought: entry.seats_total,
        }));
        const latest = rows.at(-1);
        return (
          <Paper withBorder radius="lg" p="lg" component="figure" m={0} aria-labelledby="history-heading">
            <Title order={3} size="h4" id="history-heading" mb="xs">
              Seats used each month
            </Title>
            <Text component="figcaption" mb="md">
              {latest
                ? `${latest.month}: ${latest.used} of ${latest.bought} seats used.`
                : 'Each month’s use will show here once the school has a licence pack.'}
            </Text>
            {rows.length > 0 && (
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
                {/* The table beside it says the same: the chart is for the eye only. */}
                <div aria-hidden>
                  <BarChart
                    height={260}
                    integer
                    data={rows}
                    dataKey="month"
                    ordered
                    series={[
                      { name: 'used', label: 'Seats used', color: 'indigo.6' },
                      { name: 'bought', label: 'Seats bought', color: 'gray.5' },
                    ]}
                  />
                </div>
                <Table className="fit-phone">
                  <Table.Caption>Seats each month</Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Month</Table.Th>
                      <Table.Th>Used</Table.Th>
                      <Table.Th>Bought</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((row) => (
                      <Table.Tr key={row.month}>
                        <Table.Td>{row.month}</Table.Td>
                        <Table.Td>{row.used}</Table.Td>
                        <Table.Td>{row.bought}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </SimpleGrid>
            )}
          </Paper>
        );
      }}
    </Loaded>
  );
}
