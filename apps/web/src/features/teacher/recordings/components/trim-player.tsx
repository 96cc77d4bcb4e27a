import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconWand } from '@tabler/icons-react';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useAudioPeaks } from './use-audio-peaks';
import classes from './trim-player.module.css';

export interface Trim {
  start: number;
  end: number;
}

interface TrimPlayerProps {
  url: string;
  /** Length of the audio in seconds, as the server knows it; the audio itself may tell better once loaded. */
  durationS: number;
  trim: Trim;
  onTrimChange: (trim: Trim) => void;
  /** Where speech was heard to start and end, offered again after the handles were moved. */
  suggested: Trim | null;
}

const SPEEDS = ['0.5', '0.75', '1', '1.25', '1.5'];
/** The shortest reading the handles allow, in seconds. */
const MIN_SPAN = 0.5;
const STEP = 0.1;
const BIG_STEP = 1;

export const formatSeconds = (seconds: number) => `${seconds.toFixed(1)} s`;

/**
 * The recording's player: a waveform with draggable start and end handles (also moved with the arrow keys), a
 * playhead, and playback speed. Play runs from the start handle and stops at the end handle.
 */
export function TrimPlayer({ url, durationS, trim, onTrimChange, suggested }: TrimPlayerProps) {
  const audio = useRef<HTMLAudioElement>(null);
  const track = useRef<HTMLDivElement>(null);
  const peaks = useAudioPeaks(url);
  const [loadedDuration, setLoadedDuration] = useState<number | null>(null);
  const duration = Math.max(durationS, peaks.data?.durationS ?? 0, loadedDuration ?? 0, trim.end) || 1;
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(trim.start);
  const [speed, setSpeed] = useState('1');

  useEffect(() => {
    if (audio.current) audio.current.playbackRate = Number(speed);
  }, [speed]);

  const percent = (seconds: number) => `${(Math.min(seconds, duration) / duration) * 100}%`;
  const clampTrim = (next: Trim): Trim => {
    const start = Math.max(0, Math.min(next.start, duration - MIN_SPAN));
    return { start, end: Math.max(start + MIN_SPAN, Math.min(next.end, duration)) };
  };
  const secondsAt = (clientX: number) => {
    const box = track.current!.getBoundingClientRect();
    return ((clientX - box.left) / box.width) * duration;
  };

  function togglePlay() {
    const element = audio.current!;
    if (!element.paused) return element.pause();
    if (element.currentTime < trim.start || element.currentTime >= trim.end - 0.05) {
      element.currentTime = trim.start;
    }
    void element.play();
  }

  function seek(event: PointerEvent<HTMLDivElement>) {
    if (event.target !== event.currentTarget && !(event.target instanceof SVGElement)) return;
    audio.current!.currentTime = Math.max(0, Math.min(duration, secondsAt(event.clientX)));
  }

  const handle = (edge: keyof Trim) => {
    const label = edge === 'start' ? 'Reading starts' : 'Reading ends';
    const move = (seconds: number) => onTrimChange(clampTrim({ ...trim, [edge]: round(seconds) }));
    const onKeyDown = (event: KeyboardEvent) => {
      const delta = {
        ArrowLeft: -STEP,
        ArrowDown: -STEP,
        ArrowRight: STEP,
        ArrowUp: STEP,
        PageDown: -BIG_STEP,
        PageUp: BIG_STEP,
      }[event.key];
      if (delta !== undefined) move(trim[edge] + delta);
      else if (event.key === 'Home') move(0);
      else if (event.key === 'End') move(duration);
      else return;
      event.preventDefault();
    };
    return (
      <button
        type="button"
        role="slider"
        className={classes.handle}
        style={{ left: percent(trim[edge]) }}
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={round(duration)}
        aria-valuenow={trim[edge]}
        aria-valuetext={`${formatSeconds(trim[edge])} into the recording`}
        onKeyDown={onKeyDown}
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          event.currentTarget.focus();
        }}
        onPointerMove={(event) => {
          if (event.currentTarget.hasPointerCapture(event.pointerId)) move(secondsAt(event.clientX));
        }}
      />
    );
  };

  return (
    <Stack gap="sm">
      {/* A child's voice reading the passage shown below: there are no captions to give. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <audio
        ref={audio}
        src={url}
        preload="auto"
        onLoadedMetadata={(event) => {
          const length = event.currentTarget.duration;
          if (Number.isFinite(length)) setLoadedDuration(length);
          event.currentTarget.playbackRate = Number(speed);
        }}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onTimeUpdate={(event) => {
          const now = event.currentTarget.currentTime;
          setPosition(now);
          if (now >= trim.end) event.currentTarget.pause();
        }}
      />
      {/* The handles ride 12 px over the track's ends by design (the clipping check allows it, X5). */}
      <div ref={track} className={classes.track} onPointerDown={seek} data-allow-overflow>
        {peaks.data && <Waveform peaks={peaks.data.peaks} />}
        <div className={classes.outside} style={{ left: 0, width: percent(trim.start) }} />
        <div className={classes.outside} style={{ left: percent(trim.end), right: 0 }} />
        <div className={classes.cursor} style={{ left: percent(position) }} />
        {handle('start')}
        {handle('end')}
      </div>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Button
            onClick={togglePlay}
            leftSection={playing ? <IconPlayerPause aria-hidden /> : <IconPlayerPlay aria-hidden />}
          >
            {playing ? 'Pause' : 'Play'}
          </Button>
          <Text size="sm" c="dimmed" aria-live="off">
            {formatSeconds(position)} of {formatSeconds(duration)}
          </Text>
        </Group>
        <Group gap="xs">
          <Text size="sm" id="playback-speed">
            Speed
          </Text>
          <SegmentedControl
            aria-labelledby="playback-speed"
            size="xs"
            styles={{ label: { paddingInline: 6 } }}
            data={SPEEDS.map((value) => ({ value, label: `${value}×` }))}
            value={speed}
            onChange={setSpeed}
          />
        </Group>
      </Group>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm">
          Reading from <strong>{formatSeconds(trim.start)}</strong> to{' '}
          <strong>{formatSeconds(trim.end)}</strong> ({formatSeconds(trim.end - trim.start)})
        </Text>
        {suggested && (suggested.start !== trim.start || suggested.end !== trim.end) && (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconWand size={16} aria-hidden />}
            onClick={() => onTrimChange(clampTrim(suggested))}
          >
            Use the suggested {formatSeconds(suggested.start)} – {formatSeconds(suggested.end)}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

const round = (seconds: number) => Math.round(seconds * 10) / 10;

function Waveform({ peaks }: { peaks: readonly number[] }) {
  return (
    <svg className={classes.wave} viewBox={`0 0 ${peaks.length} 100`} preserveAspectRatio="none" aria-hidden>
      {peaks.map((peak, index) => {
        const height = Math.max(1, peak * 100);
        return (
          <rect
            key={index}
            x={index + 0.15}
            width={0.7}
            y={(100 - height) / 2}
            height={height}
            fill="var(--mantine-color-blue-5)"
          />
        );
      })}
    </svg>
  );
}
