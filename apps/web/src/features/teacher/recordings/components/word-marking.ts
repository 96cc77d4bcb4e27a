import { MistakeType } from '@readalong/contracts';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { PassageEditor } from '../../../read-aloud/components/marked-passage';
import {
  addInsertion,
  clearWord,
  removeInsertion,
  toggleWordMistake,
  withinWordsRead,
  type Mark,
  type WordMistakeType,
} from '../../../read-aloud/marks';

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

/**
 * The review screen's word editor: a click applies the chosen tool; on a focused word O, M, S mark it, I adds an
 * insertion before it (Backspace removes one), L marks it the last word read, Delete clears it, and the arrow,
 * Home and End keys move between words.
 */
export function useWordMarking(
  wordCount: number,
  marking: Marking,
  onChange: (marking: Marking) => void,
  tool: Tool,
): PassageEditor {
  const [focused, setFocused] = useState(0);
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    document.querySelector<HTMLButtonElement>(`button[data-word="${focused}"]`)?.focus();
  }, [focused]);

  const focus = (index: number) => {
    moved.current = true;
    setFocused(Math.max(0, Math.min(wordCount - 1, index)));
  };

  return {
    focused,
    onWordClick(index) {
      setFocused(index);
      onChange(applyTool(marking, index, tool));
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
      if (key in KEY_TOOLS) onChange(applyTool(marking, index, KEY_TOOLS[key]!));
      else if (key === 'backspace') onChange({ ...marking, marks: removeInsertion(marking.marks, index) });
      else if (key === 'delete') onChange({ ...marking, marks: clearWord(marking.marks, index) });
      else return;
      event.preventDefault();
      setFocused(index);
    },
  };
}
