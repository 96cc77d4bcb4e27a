/**
 * Single-word narration (docs/rules.md C36): a word the child chooses is spoken by the server's voice, each word
 * asked for once a session. A word the server cannot speak (or a failed call) is remembered as null and never asked
 * again; the browser's own voice says it instead where there is one, and nothing is shown: a child tapping word
 * after word must not meet a pile of error messages.
 */
import { contracts } from '@readalong/contracts';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '@/lib/api-client';
import { speechAvailable } from './browser-voice';
import { setNarrationSpeed } from './narration-speed';

/** The word as narration is asked for it: its letters without the punctuation around it, in lower case. */
export function spokenWord(text: string): string | null {
  const word = text.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '').toLowerCase();
  return contracts.getNarration.query.shape.word.safeParse(word).success ? word : null;
}

/**
 * The recording of one word, or null: kept for the session (signing out empties the query cache, C8). The link is
 * the recording's own unsigned address, so it never goes stale.
 */
export const wordNarrationQuery = (word: string) =>
  queryOptions({
    queryKey: ['word-narration', word],
    queryFn: () =>
      api('getNarration', { query: { word } }).then(
        ({ file_url }) => file_url,
        () => null,
      ),
    staleTime: Infinity,
    gcTime: Infinity,
  });

interface WordNarrationOptions {
  speed: number;
  /** Called before a word is spoken: the page's own narration stops, so two voices never talk at once. */
  onStart: () => void;
}

/**
 * Says single words: `say` a word's text, `saying` is its number on the page while it is spoken. Render an
 * <audio> with `audioRef` and `onEnded={stop}`. Only the last word asked for is spoken.
 */
export function useWordNarration({ speed, onStart }: WordNarrationOptions) {
  const queryClient = useQueryClient();
  const audioRef = useRef<HTMLAudioElement>(null);
  const utteranceRef = useRef<SpeechSynthesisUtterance | null>(null);
  const askedRef = useRef(0);
  const [saying, setSaying] = useState<number | null>(null);

  const stop = useCallback(() => {
    askedRef.current += 1;
    audioRef.current?.pause();
    if (utteranceRef.current) {
      utteranceRef.current = null;
      window.speechSynthesis.cancel();
    }
    setSaying(null);
  }, []);

  // Leaving the page silences the browser's voice; a removed <audio> stops by itself.
  useEffect(
    () => () => {
      if (utteranceRef.current) window.speechSynthesis.cancel();
    },
    [],
  );

  /** Ends word `asked` unless another word has been asked for since (its end is not this one's). */
  const finish = (asked: number) => () => {
    if (askedRef.current === asked) stop();
  };

  const speak = (word: string, asked: number) => {
    const utterance = new SpeechSynthesisUtterance(word);
    utterance.rate = speed;
    utterance.onend = utterance.onerror = finish(asked);
    utteranceRef.current = utterance;
    window.speechSynthesis.cancel();
    window.speechSynthesis.speak(utterance);
  };

  const say = async (text: string, index: number) => {
    const word = spokenWord(text);
    if (word === null) return;
    stop();
    onStart();
    const asked = askedRef.current;
    setSaying(index);
    const url = await queryClient.fetchQuery(wordNarrationQuery(word));
    if (askedRef.current !== asked) return;
    const audio = audioRef.current;
    if (url !== null && audio) {
      audio.src = url;
      setNarrationSpeed(audio, speed);
      // A play cut short by the next word rejects: that must not silence the next word.
      audio.play().catch(finish(asked));
    } else if (speechAvailable()) speak(word, asked);
    else stop();
  };

  return { say, saying, stop, audioRef };
}
