import { describe, expect, it } from 'vitest';
import { decodeWav, encodeWav, wavDurationMs } from './wav.js';

const hex = (...parts: string[]) => Buffer.from(parts.join('').replace(/\s/g, ''), 'hex');
/** 'RIFF' <size> 'WAVE' 'fmt ' 16, PCM mono 16 kHz, 32000 bytes a second, 16-bit. */
const RIFF_FMT_16K = '52494646 00000000 57415645 666d7420 10000000 0100 0100 803e0000 007d0000 0200 1000';
/** 'data' and its size, little-endian. */
const data = (sizeHex: string) => `64617461 ${sizeHex}`;

describe('WAV', () => {
  it('writes 16-bit mono PCM with a 44-byte header, clamping to [-1, 1]', () => {
    expect(encodeWav(new Float32Array([0, 1, -1, 0.5, 2]), 8000).toString('hex')).toBe(
      hex(
        '52494646 2e000000 57415645 666d7420 10000000 0100 0100 401f0000 803e0000 0200 1000',
        data('0a000000'),
        '0000 ff7f 0180 0040 ff7f',
      ).toString('hex'),
    );
  });

  it('reads the samples back', () => {
    const { pcm, sampleRate } = decodeWav(
      hex(
        '52494646 2c000000 57415645 666d7420 10000000 0100 0100 401f0000 803e0000 0200 1000',
        data('08000000'),
        '0000 ff7f 0180 0040',
      ),
    );
    expect(sampleRate).toBe(8000);
    expect([...pcm]).toEqual([0, 32767 / 32768, -32767 / 32768, 0.5]);
  });

  it('refuses what is not a WAV', () => {
    expect(() => decodeWav(Buffer.from('just some text, not a recording'))).toThrow('not a PCM WAV');
  });

  it.each([
    ['a data size that is right', hex(RIFF_FMT_16K, data('007d0000')), 44 + 32000, 1000],
    ['a streamed placeholder size: to the end', hex(RIFF_FMT_16K, data('ffffffff')), 44 + 16000, 500],
    ['a data size of 0: to the end', hex(RIFF_FMT_16K, data('00000000')), 44 + 3200, 100],
    ['a data size past the end: to the end', hex(RIFF_FMT_16K, data('00fa0000')), 44 + 32000, 1000],
    [
      'a chunk of odd size before data, padded',
      hex(RIFF_FMT_16K, '4c495354 03000000 616263 00', data('803e0000')),
      56 + 16000,
      500,
    ],
    ['no data chunk in the whole file', hex(RIFF_FMT_16K), 36, 0],
    ['no data chunk in the bytes read of a longer file', hex(RIFF_FMT_16K), 36 + 8000, null],
    ['not RIFF WAVE', Buffer.from('OggS and some more bytes of it'), 30, null],
  ])('measures a WAV from its first bytes: %s', (_, head, fileSize, expected) => {
    // Only the header is in hand; the file's samples follow it on disk.
    expect(wavDurationMs(head, fileSize)).toBe(expected);
  });
});
