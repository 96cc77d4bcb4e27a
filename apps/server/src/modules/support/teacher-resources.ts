/**
 * The staff's printable guides (docs/rules.md F13), written for this product. Every number a guide states comes from
 * the constants the server applies (bands, series, the level rules), so a guide cannot drift from what students see.
 */
import {
  COINS,
  COLOUR_BANDS,
  PROGRESSION,
  SERIES,
  SERIES_PROGRESSION,
  levelLabel,
  type ResourceBlock,
} from '@readalong/contracts';
import type { z } from 'zod';

type Block = z.infer<typeof ResourceBlock>;

const seriesName = (id: number) => SERIES.find((series) => series.id === id)!.name;
const progression = SERIES_PROGRESSION.map(seriesName).join(' → ');

/** Bands some series covers, each with the series that include it: the chart on the levels guide. */
function bandChart(): Block {
  const covered = COLOUR_BANDS.filter((band) =>
    SERIES.some(({ defaultBands: [first, last] }) => band.id >= first && band.id <= last),
  );
  return {
    kind: 'colour_bands',
    caption: 'Colour bands, their Lexile ranges and the series that use them',
    bands: covered.map((band) => ({
      id: band.id,
      name: band.name,
      colour: band.colour,
      lexile:
        band.min_lexile === null
          ? 'first steps'
          : `${band.min_lexile}L–${band.max_lexile ?? band.min_lexile}L`,
      series: SERIES_PROGRESSION.map((id) => SERIES.find((series) => series.id === id)!)
        .filter(({ defaultBands: [first, last] }) => band.id >= first && band.id <= last)
        .map((series) => series.name),
    })),
  };
}

const seriesRanges = SERIES_PROGRESSION.map((id) => {
  const { name, defaultBands } = SERIES.find((series) => series.id === id)!;
  return `Series ${name}: bands ${defaultBands[0]}–${defaultBands[1]}`;
});

const howLevelsWork = {
  id: 'how-levels-work',
  title: 'How levels work',
  description: 'Series, colour bands and Lexile ranges on one chart, and what moves a student up or down.',
  category: 'Guide',
  blocks: [
    {
      kind: 'paragraph',
      text:
        'Every student reads at a level made of a series and a colour band. The series is the stage of reading ' +
        `(${progression}, from first readers to confident ones); the colour band is the step within it. A level is ` +
        `written band then series, for example “${levelLabel(1, 8)}”.`,
    },
    { kind: 'heading', text: 'The series and their bands' },
    { kind: 'list', ordered: false, items: seriesRanges },
    {
      kind: 'paragraph',
      text:
        'Series overlap by a band or two, so a student who finishes one series starts the next at the next band ' +
        'number and never at an easier book.',
    },
    bandChart(),
    { kind: 'heading', text: 'Moving up and down' },
    {
      kind: 'list',
      ordered: false,
      items: [
        `A quiz is passed at ${PROGRESSION.passPercent} % or more.`,
        `After ${PROGRESSION.booksToLevelUp} different books passed in a band, the student moves up one band.`,
        `After ${PROGRESSION.failsToLevelDown} quizzes failed in a row in a band, the student moves down one band, never below the first band of the series.`,
        `Moving up earns a medal: Gold at an average of ${PROGRESSION.goldPercent} % or more, Silver at ${PROGRESSION.silverPercent} %, otherwise Bronze.`,
        'A new student takes the placement test of their series first; its score sets the starting band.',
        'You can place a student by hand from their page; the reason you give is kept with the change.',
      ],
    },
    { kind: 'heading', text: 'Coins' },
    {
      kind: 'paragraph',
      text:
        `A passed quiz earns ${COINS.quizPassed} coins (${COINS.quizPerfectBonus} more for 100 %), a recording ` +
        `${COINS.recordingSubmitted}, a skill or rate builder ${COINS.skillBuilderCompleted}, moving up ` +
        `${COINS.levelUp} (${COINS.levelUpGold} with Gold). Coins reward effort; they are never a ranking.`,
    },
  ] satisfies Block[],
};

const letterToFamilies = {
  id: 'letter-to-families',
  title: 'Letter to families',
  description: 'A one-page letter introducing reading practice at home, with space for the sign-in details.',
  category: 'Families',
  blocks: [
    { kind: 'paragraph', text: 'Dear family,' },
    {
      kind: 'paragraph',
      text:
        'This term our class practises reading with leveled books online. Your child reads books chosen for their ' +
        'level, answers a short quiz after each one and sometimes records themselves reading aloud, so I can hear ' +
        'how their reading is growing.',
    },
    { kind: 'heading', text: 'How you can help' },
    {
      kind: 'list',
      ordered: false,
      items: [
        'Find a quiet ten to fifteen minutes on most days.',
        'Ask your child to tell you about the book in their own words before they take the quiz.',
        'Listen to them read aloud: praise effort and let them correct themselves before you help.',
        'Please let your child answer the quiz alone; the quiz tells me which books fit them.',
      ],
    },
    {
      kind: 'paragraph',
      text:
        'Books get harder step by step. Your child moves up after passing several books at a level; if a level ' +
        'is too hard, they move back a step for a while. Both are normal parts of learning to read.',
    },
    {
      kind: 'write_in',
      lines: ['Child’s name', 'Sign-in name', 'Website address', 'Teacher', 'Best way to contact me'],
    },
    { kind: 'paragraph', text: 'Thank you for reading with your child.' },
  ] satisfies Block[],
};

const runningRecord = {
  id: 'running-record-guide',
  title: 'Running a running record',
  description:
    'How to listen to a read-aloud, mark mistakes and work out words correct per minute and accuracy.',
  category: 'Assessment',
  blocks: [
    {
      kind: 'paragraph',
      text:
        'A running record is a short, timed listen to one student reading a passage aloud. Use it with a live ' +
        'reading or with a recording a student has sent you: both give the same figures.',
    },
    { kind: 'heading', text: 'Steps' },
    {
      kind: 'list',
      ordered: true,
      items: [
        'Choose a passage at the student’s band they have not read before.',
        'Start timing on the first word; stop after one minute or at the end of the passage.',
        'Mark each word read wrongly once: a word left out, said wrongly or swapped for another.',
        'Note words added, but do not count them against the score.',
        'Mark the last word read if the student did not finish.',
        'Count the words read and the mistakes, then work out the figures below.',
      ],
    },
    {
      kind: 'table',
      caption: 'The figures',
      columns: ['Figure', 'How to work it out'],
      rows: [
        ['Words per minute (WPM)', 'words read ÷ minutes'],
        ['Words correct per minute (WCPM)', '(words read − mistakes) ÷ minutes'],
        ['Accuracy', '(words read − mistakes) ÷ words read × 100'],
      ],
    },
    {
      kind: 'table',
      caption: 'What the accuracy suggests',
      columns: ['Accuracy', 'The passage is', 'Next step'],
      rows: [
        ['95 % or more', 'easy for the student', 'let them read on; check the quiz scores'],
        ['90–94 %', 'right for teaching', 'keep at this band; practise the words missed'],
        ['below 90 %', 'hard for now', 'listen again soon; consider a band lower'],
      ],
    },
    {
      kind: 'write_in',
      lines: [
        'Student',
        'Date',
        'Passage and band',
        'Words read',
        'Mistakes',
        'Time (seconds)',
        'WCPM',
        'Accuracy',
        'Notes',
      ],
    },
  ] satisfies Block[],
};

const routineCard = {
  id: 'reading-routine-card',
  title: 'Classroom reading routine',
  description: 'A card for the wall or a desk: the steps of a reading session, in a child’s words.',
  category: 'Classroom',
  blocks: [
    { kind: 'heading', text: 'My reading time' },
    {
      kind: 'list',
      ordered: true,
      items: [
        'Sign in and open my books.',
        'Pick a book at my colour.',
        'Read every page. Use the speaker for a word I do not know.',
        'Take the quiz. Look back in the book if I need to.',
        'When my teacher asks, record myself reading aloud in a quiet place.',
        'Check my work for notes from my teacher.',
      ],
    },
    { kind: 'heading', text: 'When I am stuck' },
    {
      kind: 'list',
      ordered: false,
      items: [
        'Read the sentence again from the start.',
        'Look at the picture for a clue.',
        'Ask a reading buddy, then my teacher.',
      ],
    },
  ] satisfies Block[],
};

/** Every guide, in the order the resources screen lists them. */
export const TEACHER_RESOURCES = [howLevelsWork, letterToFamilies, runningRecord, routineCard];
