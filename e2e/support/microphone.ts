/**
 * The microphone is Chromium's fake device playing a take with known bounds: 1.5 s of silence, a passage spoken by
 * espeak-ng, then silence (espeak-ng and sox are installed by .ci/run). Made when this file loads, before the
 * browser starts. The fake device starts the file when the page opens the microphone, so the take's speech starts
 * about 1.5 s in. A journey that records: `test.use({ launchOptions: withFakeMicrophone })`.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { chromiumLaunch } from '../server-env';

export const SILENCE_BEFORE_S = 1.5;
const folder = os.tmpdir();
const spoken = path.join(folder, 'readalong-e2e-spoken.wav');
const take = path.join(folder, 'readalong-e2e-take.wav');
execFileSync('espeak-ng', [
  '-w',
  spoken,
  'Have you ever had honey on your toast? Honey is sweet, sticky and golden.',
]);
execFileSync('sox', [spoken, take, 'pad', String(SILENCE_BEFORE_S), '3']);
export const speechSeconds = Number(execFileSync('soxi', ['-D', spoken]).toString());
/** How long to record for the whole take to be heard: the silence, the speech, and a little after. */
export const RECORD_MS = Math.round((SILENCE_BEFORE_S + speechSeconds + 1.5) * 1000);

export const withFakeMicrophone = {
  ...chromiumLaunch,
  args: [
    ...chromiumLaunch.args,
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${take}`,
  ],
};
