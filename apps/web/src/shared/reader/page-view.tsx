import { Button, Loader, Stack } from '@mantine/core';
import type { Page } from '@readalong/contracts';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import type { z } from 'zod';
import type { ReadingSettingsValue } from '@/lib/reading-settings';
import { speechAvailable } from './browser-voice';
import { pageFit } from './page-fit';
import { PageText } from './page-text';
import { PageTranslation } from './page-translation';
import { setNarrationSpeed } from './narration-speed';
import { alignTimings, splitWords, wordAtChar, wordAtTime } from './page-words';
import classes from './reader.module.css';
import { useWordNarration } from './word-narration';

type BookPage = z.infer<typeof Page>;

interface PageViewProps {
  page: BookPage;
  settings: ReadingSettingsValue;
  /** The server is still recording this book's narration: wait for its voice rather than the browser's. */
  narrationPending?: boolean;
  /** The class's translation language: the page offers its text in it (C37). */
  translateTo?: string | null;
  /** Told whenever a voice starts or stops reading on this page (the music keeps quiet under it, C38). */
  onSpeakingChange?: (speaking: boolean) => void;
  /** "Hear a word" is on: the words are buttons (C36). */
  wordButtons?: boolean;
}

/**
 * One page of the book: its picture, its text (each word its own span, so the word being read can be marked) and
 * the narration button. The page's recorded narration plays when there is one, with its word timings for the
 * highlight; otherwise the browser's own voice reads and its word boundaries drive the highlight. Give each page
 * its own `key`: leaving a page stops its narration.
 */
export function PageView({
  page,
  settings,
  narrationPending = false,
  translateTo = null,
  onSpeakingChange,
  wordButtons = false,
}: PageViewProps) {
  const pieces = useMemo(() => splitWords(page.text), [page.text]);
  const timings = page.word_timings;
  const alignment = useMemo(() => (timings ? alignTimings(pieces, timings) : []), [pieces, timings]);
  const audioRef = useRef<HTMLAudioElement>(null);
  const utteranceRef = useRef<SpeechSynthesisUtterance | null>(null);
  /** Where the browser's voice picks up after a pause: the start of the last word it reached. */
  const resumeAtRef = useRef(0);
  const [playing, setPlaying] = useState(false);
  const [currentWord, setCurrentWord] = useState<number | null>(null);

  const audioUrl = page.narration_url;
  const waitsForVoice = audioUrl === null && narrationPending;
  const usesSpeech = audioUrl === null && !narrationPending && speechAvailable();
  const canNarrate = settings.narration && (audioUrl !== null || usesSpeech);
  const speed = settings.narrationSpeed;
  const {
    say: sayWord,
    saying,
    stop: stopWord,
    audioRef: wordAudioRef,
  } = useWordNarration({ speed, onStart: () => stopPageNarration() });
  const speaking = playing || saying !== null;

  useEffect(() => {
    onSpeakingChange?.(speaking);
    return () => onSpeakingChange?.(false);
  }, [speaking, onSpeakingChange]);

  useEffect(() => {
    const audio = audioRef.current;
    if (audio) setNarrationSpeed(audio, speed);
  }, [speed]);

  // Leaving the page (or the book) silences the browser's voice; a removed <audio> stops by itself.
  useEffect(
    () => () => {
      if (utteranceRef.current) {
        utteranceRef.current = null;
        window.speechSynthesis.cancel();
      }
    },
    [],
  );

  const speak = () => {
    const synth = window.speechSynthesis;
    synth.cancel();
    const offset = resumeAtRef.current;
    const utterance = new SpeechSynthesisUtterance(page.text.slice(offset));
    utterance.rate = speed;
    utterance.onboundary = (event) => {
      if (event.name && event.name !== 'word') return;
      const index = wordAtChar(pieces, offset + event.charIndex);
      setCurrentWord(index);
      const piece = pieces.find((candidate) => candidate.kind === 'word' && candidate.index === index);
      if (piece?.kind === 'word') resumeAtRef.current = piece.start;
    };
    const finished = () => {
      if (utteranceRef.current !== utterance) return;
      utteranceRef.current = null;
      resumeAtRef.current = 0;
      setPlaying(false);
      setCurrentWord(null);
    };
    utterance.onend = finished;
    utterance.onerror = finished;
    utteranceRef.current = utterance;
    synth.speak(utterance);
    setPlaying(true);
  };

  const stopSpeaking = () => {
    utteranceRef.current = null;
    window.speechSynthesis.cancel();
    setPlaying(false);
  };

  const stopPageNarration = () => {
    if (utteranceRef.current) stopSpeaking();
    else audioRef.current?.pause();
  };

  const toggle = () => {
    stopWord();
    if (utteranceRef.current) {
      stopSpeaking();
      return;
    }
    if (usesSpeech) {
      speak();
      return;
    }
    const audio = audioRef.current;
    if (!audio) return;
    if (playing) {
      audio.pause();
      return;
    }
    setNarrationSpeed(audio, speed);
    audio.play().catch(() => setPlaying(false));
  };

  const onTimeUpdate = () => {
    const audio = audioRef.current;
    if (!audio || !timings) return;
    const spoken = wordAtTime(timings, audio.currentTime * 1000);
    setCurrentWord(spoken === null ? null : (alignment[spoken] ?? null));
  };

  const highlighted = settings.highlight ? (saying ?? currentWord) : null;
  const textStyle = {
    '--reader-scale': settings.fontSize,
    '--page-fit': pageFit(page.text.length, Boolean(page.illustration_url)),
  } as CSSProperties;

  return (
    // X6: on a wide screen the picture and the narration button sit beside the text, so one page fits 1280×800.
    <div className={page.illustration_url ? `${classes.page} ${classes.spread}` : classes.page}>
      <Stack gap="lg">
        {page.illustration_url && (
          <img className={classes.illustration} src={page.illustration_url} alt="" loading="eager" />
        )}
        {settings.narration && waitsForVoice && (
          <Button
            size="lg"
            radius="xl"
            variant="light"
            disabled
            leftSection={<Loader size="sm" type="dots" aria-hidden />}
            style={{ alignSelf: 'flex-start' }}
          >
            Getting the voice ready
          </Button>
        )}
        {canNarrate && (
          <Button
            size="lg"
            radius="xl"
            variant={playing ? 'light' : 'filled'}
            onClick={toggle}
            leftSection={
              playing ? (
                <IconPlayerPauseFilled size={24} aria-hidden />
              ) : (
                <IconPlayerPlayFilled size={24} aria-hidden />
              )
            }
            style={{ alignSelf: 'flex-start' }}
          >
            {playing ? 'Pause reading' : 'Read to me'}
          </Button>
        )}
        {audioUrl !== null && settings.narration && (
          // The page text below, marked word by word, is what the narration says: it is the caption.
          // eslint-disable-next-line jsx-a11y/media-has-caption
          <audio
            ref={audioRef}
            src={audioUrl}
            preload="auto"
            onPlay={() => setPlaying(true)}
            onPause={() => setPlaying(false)}
            onEnded={() => {
              setPlaying(false);
              setCurrentWord(null);
            }}
            onTimeUpdate={onTimeUpdate}
            onLoadedMetadata={(event) => setNarrationSpeed(event.currentTarget, speed)}
            hidden
          />
        )}
      </Stack>
      <Stack gap="md">
        <PageText
          pieces={pieces}
          highlighted={highlighted}
          style={textStyle}
          onWord={settings.narration ? (text, index) => void sayWord(text, index) : undefined}
          wordButtons={wordButtons}
        />
        {translateTo && <PageTranslation text={page.text} language={translateTo} />}
      </Stack>
      {settings.narration && (
        // A single word, as the text beside it says: the text is its caption.
        // eslint-disable-next-line jsx-a11y/media-has-caption
        <audio ref={wordAudioRef} preload="none" onEnded={stopWord} hidden data-testid="word-narration" />
      )}
    </div>
  );
}
