import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findSpeechMachine, loudnessFilter, loudnessGainDb, measureLoudness } from './speech.js';
import {
  chooseVoice,
  installedVoices,
  parseFliteVoices,
  toAsciiText,
  VOICES,
  type InstalledSpeech,
} from './voices.js';

const machine = (
  programs: string[],
  festivalVoices: string[] = [],
  fliteVoices: string[] = [],
): InstalledSpeech => ({
  programs: new Set(programs),
  festivalVoices: new Set(festivalVoices),
  fliteVoices: new Set(fliteVoices),
});
const chosen = (installed: InstalledSpeech) => chooseVoice(installed)?.id ?? null;

describe('choosing the voice (R28)', () => {
  const everything = machine(
    ['text2wave', 'flite', 'espeak-ng'],
    ['cmu_us_slt_arctic_hts'],
    ['kal', 'awb', 'rms', 'slt'],
  );

  it('takes festival’s HTS voice when it is installed, then flite’s slt, then espeak-ng', () => {
    expect(chosen(everything)).toBe('festival:cmu_us_slt_arctic_hts');
    expect(chosen(machine(['flite', 'espeak-ng'], [], ['kal', 'slt']))).toBe('flite:slt');
    expect(chosen(machine(['espeak-ng']))).toBe('espeak-ng:en-us:150wpm');
  });

  it('needs the program and its voice both', () => {
    // festival without the HTS voice package, and a flite built without slt.
    expect(chosen(machine(['text2wave', 'espeak-ng'], ['kal_diphone']))).toBe('espeak-ng:en-us:150wpm');
    expect(chosen(machine(['espeak-ng'], ['cmu_us_slt_arctic_hts']))).toBe('espeak-ng:en-us:150wpm');
    expect(chosen(machine(['flite', 'espeak-ng'], [], ['kal']))).toBe('espeak-ng:en-us:150wpm');
  });

  it('has no voice on a machine without any: the browser’s own voice reads', () => {
    expect(chooseVoice(machine([]))).toBeNull();
    expect(installedVoices(machine([]))).toEqual([]);
  });

  it('lists every installed voice, most natural first, for the bench', () => {
    expect(installedVoices(everything).map((voice) => voice.id)).toEqual(VOICES.map((voice) => voice.id));
  });

  it('reads flite’s voice list', () => {
    expect(parseFliteVoices('Voices available: kal awb_time kal16 awb rms slt \n')).toEqual(
      new Set(['kal', 'awb_time', 'kal16', 'awb', 'rms', 'slt']),
    );
    expect(parseFliteVoices('')).toEqual(new Set());
  });

  it('gives festival and flite ASCII: quote marks and dashes as their look-alikes, accents dropped', () => {
    expect(toAsciiText('“I don’t know,” said Zoë – café… ok')).toBe('"I don\'t know," said Zoe - cafe... ok');
    expect(toAsciiText('Sam has a kite.')).toBe('Sam has a kite.');
  });
});

describe('finding the voices on a machine', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it('finds programs on PATH, festival’s voice folders and flite’s voices', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'readalong-voices-'));
    dirs.push(root);
    const bin = path.join(root, 'bin');
    await mkdir(bin);
    for (const program of ['text2wave', 'espeak-ng']) {
      await writeFile(path.join(bin, program), '#!/bin/sh\n');
      await chmod(path.join(bin, program), 0o755);
    }
    await writeFile(path.join(bin, 'flite'), '#!/bin/sh\necho "Voices available: kal slt"\n');
    await chmod(path.join(bin, 'flite'), 0o755);
    await mkdir(path.join(root, 'voices', 'us', 'cmu_us_slt_arctic_hts', 'festvox'), { recursive: true });

    const found = await findSpeechMachine({
      path: bin,
      modelDir: root,
      festivalVoiceDir: path.join(root, 'voices'),
    });
    expect([...found.installed.programs].sort()).toEqual(['espeak-ng', 'flite', 'text2wave']);
    expect(found.installed.festivalVoices).toEqual(new Set(['cmu_us_slt_arctic_hts']));
    expect(found.installed.fliteVoices).toEqual(new Set(['kal', 'slt']));
    expect(found.model).toBeNull();
    expect(chosen(found.installed)).toBe('festival:cmu_us_slt_arctic_hts');
  });
});

describe('loudness (R29)', () => {
  it('brings a page to -20 LUFS, limiting the peaks at -1 dBFS', () => {
    expect(loudnessGainDb({ integratedLufs: -24.26 })).toBeCloseTo(4.26);
    expect(loudnessGainDb({ integratedLufs: -17.02 })).toBeCloseTo(-2.98);
    // Silence (ffmpeg reports -inf): left as it is.
    expect(loudnessGainDb(null)).toBe(0);
    expect(loudnessFilter(4.26)).toBe('volume=4.26dB,alimiter=limit=0.891:level=false:latency=true');
  });

  it('reads ffmpeg’s EBU R128 measurement, and null for silence', async () => {
    const answer = (input_i: string) => async () => ({
      stderr: `[Parsed_loudnorm_0 @ 0x1]\n{\n\t"input_i" : "${input_i}",\n\t"input_tp" : "-6.10",\n\t"input_lra" : "1.50"\n}\n`,
    });
    expect(await measureLoudness('ffmpeg', 'page.wav', answer('-24.26'))).toEqual({
      integratedLufs: -24.26,
      truePeakDb: -6.1,
    });
    expect(await measureLoudness('ffmpeg', 'page.wav', answer('-inf'))).toBeNull();
  });
});
