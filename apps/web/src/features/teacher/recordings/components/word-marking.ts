import { MistakeType } from '@readalong/contracts';
import { useEffect, useState, type KeyboardEvent } from 'react';
import type { PassageEditor } from '@/shared/read-aloud/components/marked-passage';
import {
  addInsertion,
  clearWord,
  removeInsertion,
  toggleWordMistake,
  withSaid,
  withinWordsRead,
  wordMistake,
  type Mark,
  type WordMistakeType,
} from '@/shared/read-aloud/marks';

/** What a click on a word does: mark it one way, add an insertion before it, or mark it the last word read. */
export type Tool = WordMistakeType | typeof MistakeType.Insertion | 'last';

export interface Marking {
  marks: Mark[];
  lastWordIndex: number | null;
}

const KEY_TOOLS: Record<string, Tool> = {
  o: MistakeType.Omission,
  m: MistakeType.Mispronunciation,
  s: MistakeType.Substitution,
  i: MistakeType.Insertion,
  l: 'last',
};

/** Applies a tool to a word: the same mark again clears it, and marks past the last word read go. */
export function applyTool(marking: Marking, index: number, tool: Tool): Marking {
  if (tool === 'last') {
    const lastWordIndex = marking.lastWordIndex === index ? null : index;
    return { lastWordIndex, marks: withinWordsRead(marking.marks, lastWordIndex) };
  }
  if (
    marking.lastWordIndex !== null &&
    index > marking.lastWordIndex + (tool === MistakeType.Insertion ? 1 : 0)
  ) {
    return marking;
  }
  const marks =
    tool === MistakeType.Insertion
      ? addInsertion(marking.marks, index)
      : toggleWordMistake(marking.marks, index, tool);
  return { ...marking, marks };
}

/** A substitution or insertion just marked: the screen asks what was said (optional). */
export interface SaidQuestion {
  wordIndex: number;
  type: typeof MistakeType.Substitution | typeof MistakeType.Insertion;
}

/** The mark a tool has just added that can carry what was said, if any. */
function askAbout(before: Marking, after: Marking, index: number, tool: Tool): SaidQuestion | null {
  if (tool === MistakeType.Insertion && after.marks.length > before.marks.length) {
    return { wordIndex: index, type: MistakeType.Insertion };
  }
  const added = wordMistake(after.marks, index);
  return tool === MistakeType.Substitution &&
    added?.type === MistakeType.Substitution &&
    !wordMistake(before.marks, index)?.text
    ? { wordIndex: index, type: MistakeType.Substitution }
    : null;
}

/**
 * The review screen's word editor: a click applies the chosen tool; on a focused word O, M, S mark it, I adds an
 * insertion before it (Backspace removes one), L marks it the last word read, Delete clears it, and the arrow,
 * Home and End keys move between words. After a substitution or an insertion, `asking` says what to ask; `said`
 * notes the answer (or nothing) and gives the focus back to the word.
 */
export function useWordMarking(
  wordCount: number,
  marking: Marking,
  onChange: (marking: Marking) => void,
  tool: Tool,
): PassageEditor & { asking: SaidQuestion | null; said: (text: string) => void } {
  const [focused, setFocused] = useState(0);
  const [asking, setAsking] = useState<SaidQuestion | null>(null);
  // A new object each time, so asking for the word already focused focuses it again.
  const [focusRequest, setFocusRequest] = useState<{ index: number } | null>(null);
  useEffect(() => {
    if (focusRequest) {
      document.querySelector<HTMLButtonElement>(`button[data-word="${focusRequest.index}"]`)?.focus();
    }
  }, [focusRequest]);

  const focus = (index: number) => {
    const clamped = Math.max(0, Math.min(wordCount - 1, index));
    setFocused(clamped);
    setFocusRequest({ index: clamped });
  };
  const apply = (index: number, tool: Tool) => {
    const next = applyTool(marking, index, tool);
    setAsking(askAbout(marking, next, index, tool));
    onChange(next);
  };

  return {
    focused,
    asking,
    said(text) {
      if (!asking) return;
      if (text.trim())
        onChange({ ...marking, marks: withSaid(marking.marks, asking.wordIndex, asking.type, text) });
      setAsking(null);
      focus(asking.wordIndex);
    },
    onWordClick(index) {
      setFocused(index);
      apply(index, tool);
    },
    onInsertionClick(index) {
      onChange({ ...marking, marks: removeInsertion(marking.marks, index) });
    },
    onWordKey(index, event: KeyboardEvent<HTMLButtonElement>) {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const key = event.key.toLowerCase();
      const moves: Record<string, number> = {
        arrowright: index + 1,
        arrowdown: index + 1,
        arrowleft: index - 1,
        arrowup: index - 1,
        home: 0,
        end: wordCount - 1,
      };
      if (key in moves) {
        event.preventDefault();
        return focus(moves[key]!);
      }
      if (key in KEY_TOOLS) apply(index, KEY_TOOLS[key]!);
      else if (key === 'backspace') onChange({ ...marking, marks: removeInsertion(marking.marks, index) });
      else if (key === 'delete') onChange({ ...marking, marks: clearWord(marking.marks, index) });
      else return;
      event.preventDefault();
      setFocused(index);
    },
  };
}
