import { COINS, COLOUR_BANDS, PROGRESSION, SERIES, SERIES_PROGRESSION } from '@readalong/contracts';
import { Accordion, Group, List, SimpleGrid, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBook2,
  IconBulb,
  IconCoins,
  IconListCheck,
  IconMicrophone,
  IconPalette,
  type Icon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { BandChip } from './components/band-chip';

/**
 * Help for readers (the “student resources” page, docs/rules.md C26), written for children: how the reader works, the quiz
 * questions with tiny examples, reading aloud, reading tips, and what bands and coins mean. The numbers come from
 * the same constants the server applies, so the help never disagrees with what happens.
 */
export function StudentResourcesPage() {
  return (
    <Stack gap="lg">
      <Text size="xl">Tap a topic to open it.</Text>
      <Accordion multiple variant="separated" radius="lg" defaultValue={['reading']} chevronSize={28}>
        <Topic value="reading" icon={IconBook2} title="Reading a book">
          <ReadingHelp />
        </Topic>
        <Topic value="quiz" icon={IconListCheck} title="Quiz questions">
          <QuizHelp />
        </Topic>
        <Topic value="aloud" icon={IconMicrophone} title="Reading aloud">
          <ReadingAloudHelp />
        </Topic>
        <Topic value="bands" icon={IconPalette} title="Colour bands and levels">
          <BandsHelp />
        </Topic>
        <Topic value="coins" icon={IconCoins} title="Coins">
          <CoinsHelp />
        </Topic>
        <Topic value="tips" icon={IconBulb} title="Reading tips">
          <TipsHelp />
        </Topic>
      </Accordion>
    </Stack>
  );
}

function Topic({
  value,
  icon: TopicIcon,
  title,
  children,
}: {
  value: string;
  icon: Icon;
  title: string;
  children: ReactNode;
}) {
  return (
    <Accordion.Item value={value}>
      <Accordion.Control
        icon={
          <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
            <TopicIcon size={26} />
          </ThemeIcon>
        }
        py="sm"
      >
        <Title order={2} size="h4" component="span">
          {title}
        </Title>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="md" fz="lg">
          {children}
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

function ReadingHelp() {
  return (
    <List spacing="sm" size="lg">
      <List.Item>Find a book on Home or in Power builders, then tap Read.</List.Item>
      <List.Item>Tap Next to turn the page, and Previous to go back.</List.Item>
      <List.Item>
        Tap Read to me to hear the page. Each word lights up as it is read, so you can follow along.
      </List.Item>
      <List.Item>
        In Settings you can make the words bigger, change how fast the voice reads, and turn the music or the
        page-turn animation on or off.
      </List.Item>
      <List.Item>On the last page, tap Take the quiz to show what you understood.</List.Item>
      <List.Item>Tap the heart on a book to keep it in your Favorites.</List.Item>
    </List>
  );
}

/** Each question type (docs/rules.md C15), with an example written for this page. */
const QUESTION_TYPES: { name: string; how: string; example: string }[] = [
  {
    name: 'Pick the answer',
    how: 'Read the question and choose the one best answer.',
    example: 'Where did the kite land? In a tree · In the pond · On a roof',
  },
  {
    name: 'Short answer',
    how: 'Type a word or a few words. Spelling counts, but capital letters do not.',
    example: 'What colour was the kite? → red',
  },
  {
    name: 'Tell us more',
    how: 'Write a sentence or two in your own words. Your teacher reads it and gives the marks later.',
    example: 'Why do you think Sam was sad?',
  },
  {
    name: 'Put in order',
    how: 'Move the events so they happen in the same order as in the story.',
    example: 'Sam wakes up → Sam eats breakfast → Sam walks to school',
  },
  {
    name: 'Make a word',
    how: 'Use the letters to build a word from the book.',
    example: 't · a · c → cat',
  },
  {
    name: 'Find the word in the sentence',
    how: 'Choose the word in the sentence that answers the question.',
    example: 'Which word is something you do? “The dog ran home.” → ran',
  },
  {
    name: 'Odd one out',
    how: 'Find the one that does not belong with the others.',
    example: 'apple · pear · chair · plum → chair',
  },
  {
    name: 'Sort into groups',
    how: 'Put each word or idea into the group it belongs to.',
    example: 'Animals: fox, owl · Food: bread, rice',
  },
];

function QuizHelp() {
  return (
    <>
      <Text size="lg">
        Every book ends with a quiz. You pass with {PROGRESSION.passPercent}% or more. These are the kinds of
        questions you will meet:
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {QUESTION_TYPES.map((type) => (
          <Stack key={type.name} gap={4}>
            <Title order={3} size="h5">
              {type.name}
            </Title>
            <Text size="lg">{type.how}</Text>
            <Text size="lg" c="indigo.9" fw={600}>
              For example: {type.example}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </>
  );
}

function ReadingAloudHelp() {
  return (
    <List spacing="sm" size="lg">
      <List.Item>Find a quiet spot and hold the tablet or microphone near you.</List.Item>
      <List.Item>
        Practise first: record, listen to yourself, and try again as many times as you like.
      </List.Item>
      <List.Item>
        When you are happy, send your recording. Your teacher listens and leaves you a note.
      </List.Item>
      <List.Item>
        You will see how many words you read in a minute, and how many you read just right, in My work.
      </List.Item>
    </List>
  );
}

function BandsHelp() {
  const bands = COLOUR_BANDS.filter((band) => band.min_lexile !== null);
  const seriesOrder = SERIES_PROGRESSION.map((id) => SERIES.find((series) => series.id === id)?.name).join(
    ' → ',
  );
  return (
    <>
      <Text size="lg">
        Your level is a colour band. Each band has books that are just right for you. The number after each
        band is its Lexile: a measure of how hard a book is to read. Bigger numbers mean longer sentences and
        less common words.
      </Text>
      <SimpleGrid
        cols={{ base: 1, xs: 2, md: 3 }}
        spacing="xs"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {bands.map((band) => (
          <Group component="li" key={band.id} gap="xs" wrap="nowrap">
            <BandChip colourBandId={band.id} />
            <Text size="md">
              {band.min_lexile}–{band.max_lexile}L
            </Text>
          </Group>
        ))}
      </SimpleGrid>
      <List spacing="sm" size="lg">
        <List.Item>
          Pass {PROGRESSION.booksToLevelUp} books in your band with {PROGRESSION.passPercent}% or more, and
          you move up to the next band.
        </List.Item>
        <List.Item>
          Moving up wins a medal: gold for an average of {PROGRESSION.goldPercent}% or more, silver for{' '}
          {PROGRESSION.silverPercent}% or more, and bronze for the rest.
        </List.Item>
        <List.Item>
          If {PROGRESSION.failsToLevelDown} quizzes in a row feel too hard, you move back one band for a
          while, so reading feels good again.
        </List.Item>
        <List.Item>Bands come in series, from the first to the last: {seriesOrder}.</List.Item>
      </List>
    </>
  );
}

const COIN_RULES: { what: string; coins: number }[] = [
  { what: 'Pass a quiz', coins: COINS.quizPassed },
  { what: 'Get every answer right (extra)', coins: COINS.quizPerfectBonus },
  { what: 'Send a recording', coins: COINS.recordingSubmitted },
  { what: 'Finish a skill builder', coins: COINS.skillBuilderCompleted },
  { what: 'Finish a rate builder', coins: COINS.rateBuilderCompleted },
  { what: 'Move up a band', coins: COINS.levelUp },
  { what: 'Move up with a gold medal', coins: COINS.levelUpGold },
];

function CoinsHelp() {
  return (
    <>
      <Text size="lg">You earn coins for your reading. Your coins show on Home.</Text>
      <Table fz="lg" maw={480} striped>
        <Table.Caption>Coins you can earn</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">When you…</Table.Th>
            <Table.Th scope="col">Coins</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {COIN_RULES.map((rule) => (
            <Table.Tr key={rule.what}>
              <Table.Td>{rule.what}</Table.Td>
              <Table.Td>{rule.coins}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}

function TipsHelp() {
  return (
    <List spacing="sm" size="lg">
      <List.Item>Look at the title and the pictures first, and guess what the book is about.</List.Item>
      <List.Item>
        When a word is tricky, read the whole sentence again. The other words often give a clue.
      </List.Item>
      <List.Item>Stop at the end of a page and ask yourself: what just happened?</List.Item>
      <List.Item>Read a little every day. Ten minutes a day adds up to a lot of books!</List.Item>
      <List.Item>
        Before the quiz, think about who was in the story, where it happened, and how it ended.
      </List.Item>
    </List>
  );
}
