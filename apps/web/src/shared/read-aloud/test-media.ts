/**
 * jsdom has no microphone, MediaRecorder or Web Audio: these stand-ins behave as a browser's do, enough for the
 * recorder. `installMedia()` puts them in place for one test; the returned controls drive the clock and count
 * microphone requests.
 */
import { vi } from 'vitest';

export interface FakeMedia {
  /** How many times the page asked for the microphone. */
  microphoneRequests(): number;
  /** Moves the recorder's clock (performance.now) on. */
  advance(ms: number): void;
}

class FakeMediaRecorder {
  static isTypeSupported = (type: string) => type === 'audio/webm;codecs=opus';
  state: 'inactive' | 'recording' | 'paused' = 'inactive';
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  readonly mimeType: string;

  constructor(_stream: MediaStream, options?: { mimeType?: string }) {
    this.mimeType = options?.mimeType ?? 'audio/webm';
  }
  start() {
    this.state = 'recording';
  }
  pause() {
    this.state = 'paused';
  }
  resume() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    queueMicrotask(() => {
      this.ondataavailable?.({ data: new Blob(['opus-audio-bytes'], { type: this.mimeType }) });
      this.onstop?.();
    });
  }
}

class FakeAudioContext {
  createAnalyser() {
    return {
      fftSize: 1024,
      getByteTimeDomainData: (samples: Uint8Array) => samples.fill(160),
    };
  }
  createMediaStreamSource() {
    return { connect: () => undefined };
  }
  close() {
    return Promise.resolve();
  }
}

/** `refuse`: the child (or the browser) says no to the microphone. */
export function installMedia({ refuse = false }: { refuse?: boolean } = {}): FakeMedia {
  let requests = 0;
  let now = 1_000;
  const track = { stop: vi.fn() };
  const getUserMedia = vi.fn(() => {
    requests += 1;
    return refuse
      ? Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))
      : Promise.resolve({ getTracks: () => [track] } as unknown as MediaStream);
  });
  vi.stubGlobal(
    'navigator',
    Object.assign(Object.create(navigator) as Navigator, { mediaDevices: { getUserMedia } }),
  );
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  vi.stubGlobal('AudioContext', FakeAudioContext);
  vi.stubGlobal('requestAnimationFrame', () => 1);
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:take');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  return {
    microphoneRequests: () => requests,
    advance: (ms) => {
      now += ms;
    },
  };
}
