// `node scripts/reading-music.mjs`: makes the reader's background music (docs/rules.md C38), an original quiet loop
// composed here, never downloaded: soft chord pads, a low root and a few music-box notes over eight chords of four
// seconds. Everything is computed from fixed numbers and a seeded random generator, so the same script always makes
// the same tune; LAME (`apt-get install lame`) encodes it as a small mono MP3, which every browser plays.
//
// The loop is seamless: every note is written modulo the loop's length, so a note still ringing at the end carries
// on at the start. Writes apps/web/src/shared/reader/reading-music.mp3 (the web app bundles it as an asset).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const output = path.join(root, 'apps/web/src/shared/reader/reading-music.mp3');

const RATE = 22_050;
const CHORD_SECONDS = 4;
/** Semitones above C of each chord's notes (root, third, fifth): C, Am, F, G, C, Em, F, G. */
const CHORDS = [
  [0, 4, 7],
  [9, 12, 16],
  [5, 9, 12],
  [7, 11, 14],
  [0, 4, 7],
  [4, 7, 11],
  [5, 9, 12],
  [7, 11, 14],
];
/** The C major pentatonic scale, for the music box. */
const PENTATONIC = [0, 2, 4, 7, 9];
const LOOP_SECONDS = CHORDS.length * CHORD_SECONDS;
const samples = new Float64Array(LOOP_SECONDS * RATE);

/** A seeded generator (mulberry32): the same notes on every run. */
function random(seed) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Hz of the note `semitones` above middle C (C4). */
const hz = (semitones) => 261.63 * 2 ** (semitones / 12);

/** Adds a note: `voice(t)` is its sound at t seconds after it starts, written around the loop. */
function addNote(startSeconds, lengthSeconds, voice) {
  const start = Math.round(startSeconds * RATE);
  const length = Math.round(lengthSeconds * RATE);
  for (let i = 0; i < length; i++) samples[(start + i) % samples.length] += voice(i / RATE);
}

/** A pad: a slow swell and fade, two slightly detuned sines for warmth. */
const pad = (frequency, hold) => (t) => {
  const swell = Math.min(1, t / 1.5) * Math.min(1, Math.max(0, (hold + 2 - t) / 2));
  const tone = Math.sin(2 * Math.PI * frequency * t) + Math.sin(2 * Math.PI * frequency * 1.003 * t);
  return 0.05 * swell * tone;
};

/** A music-box note: a quick start, a long ring, and the faint inharmonic overtone of a struck bar. */
const bell = (frequency) => (t) => {
  const ring = Math.min(1, t / 0.01) * Math.exp(-t / 0.9);
  const tone = Math.sin(2 * Math.PI * frequency * t) + 0.25 * Math.sin(2 * Math.PI * frequency * 2.76 * t);
  return 0.09 * ring * tone;
};

const bass = (frequency) => (t) =>
  0.11 * Math.min(1, t / 0.05) * Math.exp(-t / 1.6) * Math.sin(2 * Math.PI * frequency * t);

const next = random(20_261_125);
for (const [index, chord] of CHORDS.entries()) {
  const at = index * CHORD_SECONDS;
  for (const note of chord) addNote(at, CHORD_SECONDS + 2, pad(hz(note - 12), CHORD_SECONDS));
  addNote(at, 5, bass(hz(chord[0] - 24)));
  // Two or three music-box notes a chord, from the scale, an octave up, now and then left out.
  for (let beat = 0; beat < CHORD_SECONDS; beat++) {
    if (next() < 0.4) continue;
    const note = PENTATONIC[Math.floor(next() * PENTATONIC.length)] + 12 * (1 + Math.floor(next() * 2));
    addNote(at + beat + 0.5 * Math.floor(next() * 2), 4, bell(hz(note)));
  }
}

// Scaled to a peak of 0.7: the player turns it down further, and it never clips.
const peak = samples.reduce((max, value) => Math.max(max, Math.abs(value)), 0);
const pcm = Buffer.alloc(44 + samples.length * 2);
pcm.write('RIFF', 0);
pcm.writeUInt32LE(36 + samples.length * 2, 4);
pcm.write('WAVEfmt ', 8);
pcm.writeUInt32LE(16, 16);
pcm.writeUInt16LE(1, 20); // PCM
pcm.writeUInt16LE(1, 22); // mono
pcm.writeUInt32LE(RATE, 24);
pcm.writeUInt32LE(RATE * 2, 28);
pcm.writeUInt16LE(2, 32);
pcm.writeUInt16LE(16, 34);
pcm.write('data', 36);
pcm.writeUInt32LE(samples.length * 2, 40);
for (const [i, value] of samples.entries())
  pcm.writeInt16LE(Math.round((value / peak) * 0.7 * 32767), 44 + i * 2);

const dir = mkdtempSync(path.join(os.tmpdir(), 'reading-music-'));
try {
  const wav = path.join(dir, 'reading-music.wav');
  writeFileSync(wav, pcm);
  execFileSync('lame', ['--quiet', '-m', 'm', '-b', '40', wav, output]);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(
  `Wrote ${path.relative(root, output)}: ${LOOP_SECONDS} s, ${Math.round(statSync(output).size / 1024)} KB`,
);
