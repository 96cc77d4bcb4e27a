import { Button, Card, Group, Image, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';

interface PassagePagesProps {
  pages: readonly { page_num: number; text: string; illustration_url: string | null }[];
  /** Shown on the last page: what comes after reading (usually the questions). */
  finish: ReactNode;
  /** Told of each page the reader reaches (1-based), to record reading progress. */
  onPage?: (pageNum: number) => void;
}

/** A short passage read page by page before its questions (placement tests, skill builders): plain and large. */
export function PassagePages({ pages, finish, onPage }: PassagePagesProps) {
  const [index, setIndex] = useState(0);
  const page = pages[index];
  useEffect(() => {
    if (page) onPage?.(page.page_num);
  }, [page, onPage]);
  if (!page) return <>{finish}</>;
  const isLast = index === pages.length - 1;
  return (
    <Stack gap="lg">
      <Card withBorder radius="lg" padding="xl" shadow="sm">
        <Stack gap="md">
          {page.illustration_url && (
            <Image src={page.illustration_url} alt="" mah={240} fit="contain" radius="md" />
          )}
          <Text size="xl" style={{ lineHeight: 1.8 }}>
            {page.text}
          </Text>
        </Stack>
      </Card>
      <Text ta="center" fw={600} size="lg" aria-live="polite">
        Page {index + 1} of {pages.length}
      </Text>
      {isLast && finish}
      <Group justify="space-between" wrap="nowrap">
        <Button
          size="lg"
          variant="default"
          disabled={index === 0}
          onClick={() => setIndex(index - 1)}
          leftSection={<IconArrowLeft size={22} aria-hidden />}
        >
          Previous
        </Button>
        {!isLast && (
          <Button
            size="lg"
            onClick={() => setIndex(index + 1)}
            rightSection={<IconArrowRight size={22} aria-hidden />}
          >
            Next
          </Button>
        )}
      </Group>
    </Stack>
  );
}
