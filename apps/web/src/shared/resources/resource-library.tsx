import { Badge, Button, Card, EmptyState, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFileText, IconLifebuoy, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { Dialog } from '@/components/dialog';
import { QueriesError } from '@/components/load-error';
import { Loading } from '@/components/loading';
import { useTeacherResources, type TeacherResource } from './api/teacher-resources';
import { ResourceDocument } from './components/resource-document';
import { useResourceOutput } from './components/use-resource-output';

interface Actions {
  print: (resource: TeacherResource) => void;
  download: (resource: TeacherResource) => void;
}

function OutputButtons({ resource, actions }: { resource: TeacherResource; actions: Actions }) {
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconPrinter size={18} aria-hidden />}
        onClick={() => actions.print(resource)}
        aria-label={`Print ${resource.title}`}
      >
        Print
      </Button>
      <Button
        variant="light"
        leftSection={<IconDownload size={18} aria-hidden />}
        onClick={() => actions.download(resource)}
        aria-label={`Download ${resource.title}`}
      >
        Download
      </Button>
    </>
  );
}

/**
 * The staff's printable guides (docs/rules.md F13): each to open here, print on its own, or download as a file to
 * share or print later. The teacher's and the district's resources pages show it with their own introduction.
 */
export function ResourceLibrary({ intro }: { intro: string }) {
  const resources = useTeacherResources();
  const output = useResourceOutput();
  const [openId, setOpenId] = useState<string | null>(null);
  if (resources.isPending) return <Loading label="Loading the teaching resources" />;
  if (resources.isError) {
    return <QueriesError title="The teaching resources could not be loaded" queries={[resources]} />;
  }
  const list = resources.data.resources;
  if (list.length === 0) {
    return (
      <EmptyState icon={<IconLifebuoy aria-hidden />}>
        <EmptyState.Title order={2}>No resources yet</EmptyState.Title>
        <EmptyState.Description>Guides will appear here when they are published.</EmptyState.Description>
      </EmptyState>
    );
  }
  const open = list.find((resource) => resource.id === openId);
  return (
    <Stack gap="lg">
      <Text c="dimmed">{intro}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {list.map((resource) => (
          <Card key={resource.id} withBorder radius="md" padding="lg" component="section">
            <Stack gap="sm" h="100%">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Title order={2} size="h4">
                  {resource.title}
                </Title>
                {/* The title wraps; the category keeps its whole word (X5). */}
                <Badge variant="light" style={{ flexShrink: 0 }}>
                  {resource.category}
                </Badge>
              </Group>
              <Text size="sm" style={{ flexGrow: 1 }}>
                {resource.description}
              </Text>
              <Group gap="xs">
                <Button
                  leftSection={<IconFileText size={18} aria-hidden />}
                  onClick={() => setOpenId(resource.id)}
                  aria-label={`Open ${resource.title}`}
                >
                  Open
                </Button>
                <OutputButtons resource={resource} actions={output} />
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      {open && (
        <Dialog opened onClose={() => setOpenId(null)} title="Teaching resource" size="xl">
          <Stack gap="md">
            <Group gap="xs">
              <OutputButtons resource={open} actions={output} />
            </Group>
            <ResourceDocument resource={open} />
          </Stack>
        </Dialog>
      )}
      {output.printable}
    </Stack>
  );
}
