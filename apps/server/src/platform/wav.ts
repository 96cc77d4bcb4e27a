/**
 * The one WAV reader and writer (16-bit mono PCM written; any PCM WAV's layout read): the audio espeak-ng speaks
 * and the aligner hears, the test and demo recordings, and an upload's length when ffmpeg is missing.
 */

/** The 44-byte header of a 16-bit mono PCM WAV holding `dataBytes` of samples. */
export function wavHeader(dataBytes: number, sampleRate: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28); // bytes per second
  header.writeUInt16LE(2, 32); // bytes per sample
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** 16-bit mono PCM WAV of samples in [-1, 1]. */
export function encodeWav(pcm: Float32Array, sampleRate: number): Buffer {
  const data = Buffer.alloc(pcm.length * 2);
  pcm.forEach((sample, index) =>
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, sample)) * 32767), index * 2),
  );
  return Buffer.concat([wavHeader(data.length, sampleRate), data]);
}

/** A WAV's format and where its samples lie. */
export interface WavLayout {
  sampleRate: number;
  byteRate: number;
  dataOffset: number;
  dataBytes: number;
}

/**
 * Reads a WAV's chunks; null when it is not a RIFF WAVE with a `fmt ` chunk, or its `data` chunk lies past `wav`.
 * `wav` may be the file's first bytes only, `fileSize` the whole file's length. A `data` size of 0 or 0xFFFFFFFF
 * (written while streaming, as espeak-ng does) or one past the file's end means: to the end of the file. A whole
 * file without a `data` chunk holds no samples.
 */
export function readWavLayout(wav: Buffer, fileSize = wav.length): WavLayout | null {
  if (wav.length < 12 || wav.toString('ascii', 0, 4) !== 'RIFF' || wav.toString('ascii', 8, 12) !== 'WAVE')
    return null;
  let format: { sampleRate: number; byteRate: number } | null = null;
  for (let at = 12; at + 8 <= wav.length;) {
    const id = wav.toString('ascii', at, at + 4);
    const size = wav.readUInt32LE(at + 4);
    const body = at + 8;
    if (id === 'fmt ' && body + 12 <= wav.length) {
      format = { sampleRate: wav.readUInt32LE(body + 4), byteRate: wav.readUInt32LE(body + 8) };
    }
    if (id === 'data') {
      if (!format) return null;
      const available = Math.max(0, fileSize - body);
      const dataBytes = size === 0 || size === 0xffffffff ? available : Math.min(size, available);
      return { ...format, dataOffset: body, dataBytes };
    }
    at = body + size + (size % 2);
  }
  return format && wav.length >= fileSize ? { ...format, dataOffset: wav.length, dataBytes: 0 } : null;
}

/** A WAV's length in milliseconds from its header, or null when the header cannot tell (see readWavLayout). */
export function wavDurationMs(wav: Buffer, fileSize = wav.length): number | null {
  const layout = readWavLayout(wav, fileSize);
  if (!layout?.byteRate) return null;
  return Math.round((layout.dataBytes / layout.byteRate) * 1000);
}

/** The samples of a 16-bit mono PCM WAV, in [-1, 1). */
export function decodeWav(wav: Buffer): { pcm: Float32Array; sampleRate: number } {
  const layout = readWavLayout(wav);
  if (!layout) throw new Error('not a PCM WAV');
  const pcm = new Float32Array(Math.floor(Math.min(layout.dataBytes, wav.length - layout.dataOffset) / 2));
  for (let index = 0; index < pcm.length; index += 1)
    pcm[index] = wav.readInt16LE(layout.dataOffset + index * 2) / 32768;
  return { pcm, sampleRate: layout.sampleRate };
}
