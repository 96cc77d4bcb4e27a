/** 16-bit mono PCM WAV, written and read: the audio espeak-ng speaks and the test recordings are made of. */

/** 16-bit mono PCM WAV of samples in [-1, 1]. */
export function encodeWav(pcm: Float32Array, sampleRate: number): Buffer {
  const data = Buffer.alloc(pcm.length * 2);
  pcm.forEach((sample, index) =>
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, sample)) * 32767), index * 2),
  );
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** The samples of a 16-bit mono PCM WAV (espeak-ng's output; its data size may be a placeholder). */
export function decodeWav(wav: Buffer): { pcm: Float32Array; sampleRate: number } {
  let sampleRate = 0;
  for (let at = 12; at + 8 <= wav.length;) {
    const id = wav.toString('ascii', at, at + 4);
    const size = wav.readUInt32LE(at + 4);
    if (id === 'fmt ') sampleRate = wav.readUInt32LE(at + 12);
    if (id === 'data') {
      const end = Math.min(wav.length, at + 8 + size) & ~1;
      const pcm = new Float32Array((end - at - 8) / 2);
      for (let index = 0; index < pcm.length; index += 1)
        pcm[index] = wav.readInt16LE(at + 8 + index * 2) / 32768;
      return { pcm, sampleRate };
    }
    at += 8 + size + (size % 2);
  }
  throw new Error('not a PCM WAV');
}
