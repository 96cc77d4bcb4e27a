import { useRef, useState, type CSSProperties, type KeyboardEvent, type MouseEvent } from 'react';
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
  /** "Hear a word" is on: the words are buttons, for the keyboard and screen readers. */
  wordButtons?: boolean;
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
 * The page's text, each word its own element so the word being read can be marked (docs/rules.md C36). With
 * `onWord`, a tap or click on a word says it. The text stays text for screen readers and voice control (no
 * "button" after every word, no word named like the Next button) until "Hear a word" is on: then each word that
 * can be said is a button, Enter says it, and the words are one stop of the Tab key, not one each: the arrow keys
 * move between them (a roving focus) rather than turn the page.
 */
export function PageText({ pieces, highlighted, style, onWord, wordButtons = false }: PageTextProps) {
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

  /** A tap on a word while the words are text: the pointer's shortcut to what "Hear a word" gives the keyboard. */
  const onTextClick = (event: MouseEvent<HTMLParagraphElement>) => {
    const word = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-word]') : null;
    const index = Number(word?.dataset.word);
    if (word && onWord && canSay.has(index)) onWord(word.textContent ?? '', index);
  };

  const wordClass = (index: number, extra?: string) =>
    [classes.word, index === highlighted && classes.current, extra].filter(Boolean).join(' ');
  const asButtons = wordButtons && sayable.length > 0;

  return (
    // The click is the pointer's shortcut only: the keyboard's way to the same words is "Hear a word".
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events
    <p
      ref={textRef}
      className={classes.text}
      style={style}
      onClick={onWord && !asButtons ? onTextClick : undefined}
      {...(asButtons && { role: 'group', 'aria-label': 'The page. Choose a word to hear it' })}
    >
      {pieces.map((piece, position) => {
        if (piece.kind === 'space') return piece.text;
        const current = piece.index === highlighted ? 'true' : undefined;
        if (!canSay.has(piece.index) || !asButtons) {
          return (
            <span
              key={position}
              className={wordClass(piece.index, canSay.has(piece.index) ? classes.tappable : undefined)}
              aria-current={current}
              data-word={canSay.has(piece.index) ? piece.index : undefined}
            >
              {piece.text}
            </span>
          );
        }
        return (
          <button
            key={position}
            type="button"
            data-word={piece.index}
            className={wordClass(piece.index, `${classes.tappable} ${classes.wordButton}`)}
            tabIndex={piece.index === focused ? 0 : -1}
            aria-current={current}
            onClick={() => {
              setFocused(piece.index);
              onWord?.(piece.text, piece.index);
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
