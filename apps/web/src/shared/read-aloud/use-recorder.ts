import { useCallback, useEffect, useRef, useState } from 'react';

/** Order of preference: Opus in WebM (Chrome, Firefox), else Ogg, else MP4 (Safari). */
export const RECORDING_MIME_TYPES = [
  'audio/webm;codecs=opus',
  'audio/webm',
  'audio/ogg',
  'audio/mp4',
] as const;

/** The first type this browser's MediaRecorder can write; undefined lets the browser choose. */
export function pickMimeType(): string | undefined {
  if (typeof MediaRecorder === 'undefined' || typeof MediaRecorder.isTypeSupported !== 'function') {
    return undefined;
  }
  return RECORDING_MIME_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
}

export type RecorderStatus =
  'idle' | 'asking' | 'denied' | 'unavailable' | 'recording' | 'paused' | 'stopped';

export interface Take {
  blob: Blob;
  /** Time spent recording, pauses left out. */
  durationMs: number;
}

export interface Recorder {
  status: RecorderStatus;
  /** 0–1: how loud the microphone is now. */
  level: number;
  /** Recorded so far, pauses left out. */
  elapsedMs: number;
  take: Take | null;
  start: () => Promise<void>;
  pause: () => void;
  resume: () => void;
  stop: () => void;
  /** Forgets the take (and the microphone error), back to idle. */
  reset: () => void;
}

const isDenied = (error: unknown) =>
  error instanceof DOMException &&
  ['NotAllowedError', 'SecurityError', 'PermissionDeniedError'].includes(error.name);

/**
 * The microphone as it hears the child, without the browser's automatic gain control (docs/rules.md RA1): the
 * server finds the reading as the loudest, closest voice, and a gain that lifts the room between sentences, or
 * lowers the child once they are loud, would blur that (Chromium's lifted a take's first words 5 dB over its last,
 * and the suggested trim ended at the quieter sentence). Noise suppression and echo cancellation stay on.
 */
const RECORDING_AUDIO: MediaTrackConstraints = { autoGainControl: false };

/**
 * The microphone, a level meter (Web Audio AnalyserNode) and a MediaRecorder. The duration is measured by the
 * clock while recording, in milliseconds, pauses left out.
 */
export function useRecorder(): Recorder {
  const [status, setStatus] = useState<RecorderStatus>('idle');
  const [level, setLevel] = useState(0);
  const [elapsedMs, setElapsedMs] = useState(0);
  const [take, setTake] = useState<Take | null>(null);

  const stream = useRef<MediaStream | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const audio = useRef<AudioContext | null>(null);
  const frame = useRef<number | null>(null);
  const ticker = useRef<ReturnType<typeof setInterval> | null>(null);
  /** Milliseconds recorded before the current stretch, and when the current stretch began (null: paused). */
  const banked = useRef(0);
  const stretchStart = useRef<number | null>(null);

  const measured = () =>
    banked.current + (stretchStart.current === null ? 0 : performance.now() - stretchStart.current);

  const release = useCallback(() => {
    if (frame.current !== null) cancelAnimationFrame(frame.current);
    frame.current = null;
    if (ticker.current !== null) clearInterval(ticker.current);
    ticker.current = null;
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    void audio.current?.close().catch(() => undefined);
    audio.current = null;
    setLevel(0);
  }, []);

  useEffect(
    () => () => {
      if (recorder.current && recorder.current.state !== 'inactive') {
        recorder.current.ondataavailable = null;
        recorder.current.onstop = null;
        recorder.current.stop();
      }
      release();
    },
    [release],
  );

  const meter = useCallback((media: MediaStream) => {
    const AudioContextClass =
      window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!AudioContextClass) return;
    try {
      const context = new AudioContextClass();
      const analyser = context.createAnalyser();
      analyser.fftSize = 1024;
      context.createMediaStreamSource(media).connect(analyser);
      audio.current = context;
      const samples = new Uint8Array(analyser.fftSize);
      const draw = () => {
        analyser.getByteTimeDomainData(samples);
        let sum = 0;
        for (const sample of samples) sum += ((sample - 128) / 128) ** 2;
        // RMS, scaled so ordinary speech fills most of the meter.
        setLevel(Math.min(1, Math.sqrt(sum / samples.length) * 3));
        frame.current = requestAnimationFrame(draw);
      };
      draw();
    } catch {
      // No meter is better than no recording.
    }
  }, []);

  const start = useCallback(async () => {
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
      setStatus('unavailable');
      return;
    }
    setStatus('asking');
    let media: MediaStream;
    try {
      media = await navigator.mediaDevices.getUserMedia({ audio: RECORDING_AUDIO });
    } catch (error) {
      setStatus(isDenied(error) ? 'denied' : 'unavailable');
      return;
    }
    stream.current = media;
    const mimeType = pickMimeType();
    const mediaRecorder = new MediaRecorder(media, mimeType ? { mimeType } : undefined);
    const chunks: Blob[] = [];
    mediaRecorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    mediaRecorder.onstop = () => {
      const durationMs = Math.round(measured());
      stretchStart.current = null;
      release();
      setElapsedMs(durationMs);
      setTake({
        blob: new Blob(chunks, { type: mediaRecorder.mimeType || mimeType || 'audio/webm' }),
        durationMs,
      });
      setStatus('stopped');
    };
    recorder.current = mediaRecorder;
    banked.current = 0;
    stretchStart.current = performance.now();
    setElapsedMs(0);
    setTake(null);
    mediaRecorder.start(1000);
    meter(media);
    ticker.current = setInterval(() => setElapsedMs(measured()), 250);
    setStatus('recording');
  }, [meter, release]);

  const pause = useCallback(() => {
    if (recorder.current?.state !== 'recording') return;
    recorder.current.pause();
    banked.current = measured();
    stretchStart.current = null;
    setElapsedMs(banked.current);
    setStatus('paused');
  }, []);

  const resume = useCallback(() => {
    if (recorder.current?.state !== 'paused') return;
    recorder.current.resume();
    stretchStart.current = performance.now();
    setStatus('recording');
  }, []);

  const stop = useCallback(() => {
    if (!recorder.current || recorder.current.state === 'inactive') return;
    banked.current = measured();
    stretchStart.current = null;
    recorder.current.stop();
  }, []);

  const reset = useCallback(() => {
    setTake(null);
    setElapsedMs(0);
    setStatus('idle');
  }, []);

  return { status, level, elapsedMs, take, start, pause, resume, stop, reset };
}
