import { useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import type { Piece } from './page-words';
import classes from './reader.module.css';
import { spokenWord } from './word-narration';

interface PageTextProps {
  pieces: readonly Piece[];
  /** The word being read, marked (C14's highlight). */
  highlighted: number | null;
  style: CSSProperties;
  /** Says a word; without it the words are plain text. */
  onWord?: (text: string, index: number) => void;
}

/** Which word an arrow, Home or End key moves to, by position among the words that can be said. */
const KEY_STEPS: Record<string, (position: number, last: number) => number> = {
  ArrowRight: (position) => position + 1,
  ArrowDown: (position) => position + 1,
  ArrowLeft: (position) => position - 1,
  ArrowUp: (position) => position - 1,
  Home: () => 0,
  End: (_, last) => last,
};

/**
 * The page's text, each word its own element so the word being read can be marked. With `onWord`, each word that
 * can be said is a button (docs/rules.md C36): a tap, a click, or Enter on it says it. The words are one stop of
 * the Tab key, not one each: the arrow keys move between them (a roving focus), and while a word has the focus the
 * arrows move between words rather than turn the page.
 */
export function PageText({ pieces, highlighted, style, onWord }: PageTextProps) {
  const textRef = useRef<HTMLParagraphElement>(null);
  const sayable = onWord
    ? pieces.flatMap((piece) =>
        piece.kind === 'word' && spokenWord(piece.text) !== null ? [piece.index] : [],
      )
    : [];
  const canSay = new Set(sayable);
  const [focused, setFocused] = useState(sayable[0] ?? 0);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = KEY_STEPS[event.key];
    if (!step || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const position = Math.min(
      Math.max(step(sayable.indexOf(index), sayable.length - 1), 0),
      sayable.length - 1,
    );
    const next = sayable[position] ?? index;
    setFocused(next);
    textRef.current?.querySelector<HTMLElement>(`[data-word="${next}"]`)?.focus();
  };

  const wordClass = (index: number) =>
    index === highlighted ? `${classes.word} ${classes.current}` : classes.word;

  return (
    <p
      ref={textRef}
      className={classes.text}
      style={style}
      {...(sayable.length > 0 && { role: 'group', 'aria-label': 'The page. Choose a word to hear it' })}
    >
      {pieces.map((piece, position) => {
        if (piece.kind === 'space') return piece.text;
        const current = piece.index === highlighted ? 'true' : undefined;
        if (!onWord || !canSay.has(piece.index)) {
          return (
            <span key={position} className={wordClass(piece.index)} aria-current={current}>
              {piece.text}
            </span>
          );
        }
        return (
          <button
            key={position}
            type="button"
            data-word={piece.index}
            className={`${wordClass(piece.index)} ${classes.sayable}`}
            tabIndex={piece.index === focused ? 0 : -1}
            aria-current={current}
            onClick={() => {
              setFocused(piece.index);
              onWord(piece.text, piece.index);
            }}
            onKeyDown={(event) => onKeyDown(event, piece.index)}
          >
            {piece.text}
          </button>
        );
      })}
    </p>
  );
}
