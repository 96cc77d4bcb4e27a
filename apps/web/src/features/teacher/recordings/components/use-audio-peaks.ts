import { useQuery } from '@tanstack/react-query';

/** Bars drawn across the waveform. */
const PEAK_COUNT = 240;

/**
 * The loudness of the recording in `count` slices (0–1), for drawing its waveform; null while it loads or where the
 * browser cannot decode audio (the player still works without a drawing).
 */
export function useAudioPeaks(url: string | null, count = PEAK_COUNT) {
  // The link changes every few hours; the audio behind it does not, so the path is the key.
  const path = url?.split('?')[0];
  return useQuery({
    queryKey: ['audio-peaks', path, count],
    enabled: !!url && typeof AudioContext !== 'undefined',
    staleTime: Infinity,
    retry: false,
    queryFn: async () => {
      const response = await fetch(url!);
      if (!response.ok) throw new Error(`The audio could not be loaded (${response.status}).`);
      const context = new AudioContext();
      try {
        const audio = await context.decodeAudioData(await response.arrayBuffer());
        return { peaks: peaksOf(audio.getChannelData(0), count), durationS: audio.duration };
      } finally {
        void context.close();
      }
    },
  });
}

/** The loudest sample of each slice, scaled so the loudest slice is 1. */
function peaksOf(samples: Float32Array, count: number): number[] {
  const size = Math.max(1, Math.floor(samples.length / count));
  const peaks = Array.from({ length: count }, (_, slice) => {
    let peak = 0;
    for (let i = slice * size; i < Math.min(samples.length, (slice + 1) * size); i++) {
      peak = Math.max(peak, Math.abs(samples[i]!));
    }
    return peak;
  });
  const loudest = Math.max(...peaks, 1e-6);
  return peaks.map((peak) => peak / loudest);
}
