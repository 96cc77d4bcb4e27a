import { Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { hubAreasFor, type HubArea } from '@/config/navigation';
import { ROLE_LABELS } from '@/config/role-labels';
import { useAuth } from '@/lib/auth-store';
import { useScopedHref } from '@/shared/school-scope/school-scope';

/**
 * The authenticated root (docs/rules.md C26): a hub without a navigation bar. It greets the user and offers a big card for
 * each area their role may open, their home first.
 */
export function LandingPage() {
  const { user } = useAuth();
  // The guard lets only signed-in users in; a sign-out in another tab can still empty the session.
  if (!user) return null;
  const [home, ...others] = hubAreasFor(user.login_role);

  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Title order={1}>Hello, {user.first_name}!</Title>
        <Group gap="xs">
          <Text size="lg">You are signed in as</Text>
          <Badge size="lg" variant="filled" color="indigo.8">
            {ROLE_LABELS[user.login_role]}
          </Badge>
        </Group>
      </Stack>
      <SimpleGrid
        component="ul"
        cols={{ base: 1, xs: 2, md: 3 }}
        spacing="lg"
        aria-label="Your areas"
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
      >
        {home && <AreaCard area={home} isHome />}
        {others.map((area) => (
          <AreaCard key={area.href} area={area} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function AreaCard({ area, isHome = false }: { area: HubArea; isHome?: boolean }) {
  const { icon: AreaIcon } = area;
  // docs/rules.md C28: a department head's picked school goes along into each area.
  const scoped = useScopedHref();
  return (
    <li>
      <Card
        component={Link}
        to={scoped(area.href)}
        withBorder
        radius="lg"
        padding="lg"
        h="100%"
        bg={isHome ? 'indigo.7' : undefined}
        c={isHome ? 'white' : undefined}
        className="area-card"
      >
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap">
            <ThemeIcon size={56} radius="xl" variant={isHome ? 'white' : 'light'} aria-hidden>
              <AreaIcon size={32} stroke={1.75} />
            </ThemeIcon>
            <IconArrowRight size={24} aria-hidden />
          </Group>
          <Text component="h2" size="xl" fw={800} m={0}>
            {area.label}
            {isHome && (
              <Text span size="md" fw={600}>
                {' · your home'}
              </Text>
            )}
          </Text>
          <Text size="md">{area.description}</Text>
        </Stack>
      </Card>
    </li>
  );
}
