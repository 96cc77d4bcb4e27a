import { Group, Text, VisuallyHidden } from '@mantine/core';
import { MistakeType, passageWords, type PassageWord } from '@readalong/contracts';
import { useMemo, type KeyboardEvent } from 'react';
import { MARK_KINDS, insertionsBefore, markKind, wordMistake, type Mark } from '../marks';
import classes from './marked-passage.module.css';

const MARK_CLASS = {
  1: classes.omission,
  3: classes.mispronunciation,
  4: classes.substitution,
} as Record<number, string>;

/** What the review screen does with the words: which one has focus, and what a click or a key on it does. */
export interface PassageEditor {
  focused: number;
  onWordClick(index: number): void;
  onWordKey(index: number, event: KeyboardEvent<HTMLButtonElement>): void;
  onInsertionClick(index: number): void;
}

interface MarkedPassageProps {
  pages: readonly { text: string }[];
  marks: readonly Mark[];
  lastWordIndex: number | null;
  editor?: PassageEditor;
}

/**
 * A passage with its reading mistakes on the words: read-only for the student, or, with `editor`, every word a
 * button in one tab stop (arrow keys move between words), as the teacher's review screen needs.
 */
export function MarkedPassage({ pages, marks, lastWordIndex, editor }: MarkedPassageProps) {
  const words = useMemo(() => passageWords(pages), [pages]);
  const wordCount = words.length;
  return (
    <div>
      {pages.map((page, pageIndex) => (
        <p key={pageIndex} className={classes.page}>
          {lineRuns(
            pieces(
              page.text,
              words.filter((word) => word.page === pageIndex),
            ),
          ).map((run, index) =>
            typeof run === 'string' ? (
              run
            ) : (
              <span key={index} className={classes.run}>
                {run.map((piece) =>
                  typeof piece === 'string' ? (
                    piece
                  ) : (
                    <Word
                      key={piece.index}
                      word={piece}
                      marks={marks}
                      lastWordIndex={lastWordIndex}
                      editor={editor}
                    />
                  ),
                )}
              </span>
            ),
          )}
          {pageIndex === pages.length - 1 && (
            <Insertions marks={marks} wordIndex={wordCount} editor={editor} where="after the last word" />
          )}
        </p>
      ))}
    </div>
  );
}

/** A page's text as the words and the text between them (spaces, punctuation). */
function pieces(text: string, words: readonly PassageWord[]): Piece[] {
  const out: Piece[] = [];
  let at = 0;
  for (const word of words) {
    if (word.start > at) out.push(text.slice(at, word.start));
    out.push(word);
    at = word.end;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

type Piece = string | PassageWord;

/**
 * Pieces grouped into runs that lines never break inside (a word with its punctuation: “Hello,”), with the spaces
 * between runs left as plain strings.
 */
function lineRuns(pieces: readonly Piece[]): (string | Piece[])[] {
  const out: (string | Piece[])[] = [];
  let run: Piece[] = [];
  const endRun = () => {
    if (run.length) out.push(run);
    run = [];
  };
  for (const piece of pieces) {
    if (typeof piece !== 'string') {
      run.push(piece);
      continue;
    }
    for (const part of piece.split(/(\s+)/)) {
      if (part === '') continue;
      if (/^\s+$/.test(part)) {
        endRun();
        out.push(part);
      } else run.push(part);
    }
  }
  endRun();
  return out;
}

function Word({
  word,
  marks,
  lastWordIndex,
  editor,
}: {
  word: PassageWord;
  marks: readonly Mark[];
  lastWordIndex: number | null;
  editor?: PassageEditor;
}) {
  const mistake = wordMistake(marks, word.index);
  const unread = lastWordIndex !== null && word.index > lastWordIndex;
  const className = [
    classes.word,
    mistake && MARK_CLASS[mistake.type],
    unread && classes.unread,
    word.index === lastWordIndex && classes.lastRead,
  ]
    .filter(Boolean)
    .join(' ');
  const said = [
    mistake && markKind(mistake.type).name.toLowerCase() + (mistake.text ? `: “${mistake.text}”` : ''),
    word.index === lastWordIndex && 'last word read',
    unread && 'not read',
  ].filter(Boolean);
  const label = said.length > 0 ? `${word.text} (${said.join(', ')})` : undefined;
  const insertions = (
    <Insertions marks={marks} wordIndex={word.index} editor={editor} where={`before “${word.text}”`} />
  );
  if (!editor) {
    return (
      <>
        {insertions}
        <span className={className}>
          {word.text}
          {label && <VisuallyHidden component="span">{` (${said.join(', ')})`}</VisuallyHidden>}
        </span>
        <Said text={mistake?.text} />
      </>
    );
  }
  return (
    <>
      {insertions}
      <button
        type="button"
        data-word={word.index}
        className={className}
        tabIndex={word.index === editor.focused ? 0 : -1}
        onClick={() => editor.onWordClick(word.index)}
        onKeyDown={(event) => editor.onWordKey(word.index, event)}
        aria-label={label}
      >
        {word.text}
      </button>
      <Said text={mistake?.text} />
    </>
  );
}

function Insertions({
  marks,
  wordIndex,
  editor,
  where,
}: {
  marks: readonly Mark[];
  wordIndex: number;
  editor?: PassageEditor;
  where: string;
}) {
  return insertionsBefore(marks, wordIndex).map((mark, index) => {
    const added = mark.text ? `“${mark.text}” added ${where}` : `a word added ${where}`;
    return editor ? (
      <button
        key={index}
        type="button"
        className={classes.insertion}
        onClick={() => editor.onInsertionClick(wordIndex)}
        aria-label={`Inserted: ${added}. Remove`}
      >
        ‸{mark.text}
      </button>
    ) : (
      <span key={index} className={classes.insertion}>
        ‸{mark.text}
        <VisuallyHidden component="span">{` (${added})`}</VisuallyHidden>
      </span>
    );
  });
}

/** What the child said instead of a word, written small after it. */
function Said({ text }: { text: string | undefined }) {
  return text ? (
    <span className={classes.said} aria-hidden>
      {text}
    </span>
  ) : null;
}

/** What each mark looks like, drawn as on the passage. */
export function MarkLegend() {
  return (
    <Group
      gap="md"
      wrap="wrap"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label="What the marks mean"
    >
      {MARK_KINDS.map((kind) => (
        <li key={kind.type}>
          {kind.type === MistakeType.Insertion ? (
            <span className={classes.insertion} aria-hidden>
              ‸
            </span>
          ) : (
            <span className={`${classes.word} ${MARK_CLASS[kind.type]}`} aria-hidden>
              word
            </span>
          )}{' '}
          <Text span size="sm">
            {LEGEND[kind.type]}
          </Text>
        </li>
      ))}
    </Group>
  );
}

const LEGEND: Record<number, string> = {
  [MistakeType.Omission]: 'left out',
  [MistakeType.Mispronunciation]: 'said not quite right',
  [MistakeType.Substitution]: 'read as another word',
  [MistakeType.Insertion]: 'a word added',
};
