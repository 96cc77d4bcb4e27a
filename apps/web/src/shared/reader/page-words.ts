import type { WordTiming } from '@readalong/contracts';
import type { z } from 'zod';

export type Timing = z.infer<typeof WordTiming>;

/** A piece of page text: a word (with its number on the page and where it starts) or the space between words. */
export type Piece =
  { kind: 'space'; text: string } | { kind: 'word'; text: string; index: number; start: number };

/** Splits page text into words and the spaces between them, so each word can be highlighted on its own. */
export function splitWords(text: string): Piece[] {
  const pieces: Piece[] = [];
  let index = 0;
  let offset = 0;
  for (const part of text.split(/(\s+)/)) {
    if (part === '') continue;
    if (/^\s+$/.test(part)) pieces.push({ kind: 'space', text: part });
    else pieces.push({ kind: 'word', text: part, index: index++, start: offset });
    offset += part.length;
  }
  return pieces;
}

/** The word being spoken at `ms` into the narration: the last one started, until the narration's words end. */
export function wordAtTime(timings: readonly Timing[], ms: number): number | null {
  let current: number | null = null;
  for (const [index, timing] of timings.entries()) {
    if (timing.start_ms > ms) break;
    current = index;
  }
  if (current === null) return null;
  const last = timings[timings.length - 1];
  return last && ms > last.end_ms ? null : current;
}

/** The word that starts at (or contains) character `charIndex` of the page text, as speech boundary events give. */
export function wordAtChar(pieces: readonly Piece[], charIndex: number): number | null {
  let current: number | null = null;
  for (const piece of pieces) {
    if (piece.kind !== 'word') continue;
    if (piece.start > charIndex) break;
    current = piece.index;
  }
  return current;
}

/** A word as narration names it: lower case, letters and digits only ("Saturday," and "saturday" agree). */
const wordKey = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** How far ahead a narrated word may be found when the text holds words the narration skips (a lone "—"). */
const LOOK_AHEAD = 4;

/**
 * Which word of the page each narrated word is (timing index → word index, null for none). Narration drops
 * punctuation and may skip or split words, so words are matched by their letters, in order, looking a little
 * ahead; a narrated word that matches nothing takes the next word, so one mismatch never shifts the rest.
 */
export function alignTimings(pieces: readonly Piece[], timings: readonly Timing[]): (number | null)[] {
  const words = pieces
    .filter((piece) => piece.kind === 'word')
    .map((piece) => ({ index: piece.index, key: wordKey(piece.text) }))
    .filter((word) => word.key !== '');
  let next = 0;
  let rest = '';
  return timings.map((timing) => {
    const key = wordKey(timing.word);
    if (key === '') return null;
    // The rest of a page word the narration splits in two ("ice-cream" read as "ice", "cream").
    if (rest !== '' && rest.startsWith(key) && next > 0) {
      rest = rest.slice(key.length);
      return words[next - 1]?.index ?? null;
    }
    const window = words.slice(next, next + LOOK_AHEAD);
    let found = window.findIndex((word) => word.key === key);
    if (found === -1) found = window.findIndex((word) => word.key.startsWith(key));
    if (found === -1) found = 0;
    const word = words[next + found];
    if (!word) return null;
    next += found + 1;
    rest = word.key.slice(key.length);
    return word.index;
  });
}
