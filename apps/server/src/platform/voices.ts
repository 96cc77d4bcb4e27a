/**
 * The voices narration can speak with, most natural first (docs/rules.md R28). The order is measured, not guessed:
 * `npm run bench:voices` writes each installed voice's word error rate under a generic recogniser and its synthesis
 * speed to apps/server/bench/results/narration-voices.md. Choosing is a pure function of what is installed, so a test
 * can ask it about any machine.
 */
/** What the machine has, as far as the voices care: programs found on PATH, festival's and flite's voices. */
export interface InstalledSpeech {
  programs: ReadonlySet<string>;
  festivalVoices: ReadonlySet<string>;
  fliteVoices: ReadonlySet<string>;
}

export interface Voice {
  /** Stable name, part of every narration cache key: a new voice narrates the library again. */
  id: string;
  /** For the log and the bench. */
  label: string;
  /** The Debian packages that install it. */
  packages: readonly string[];
  /** The program that speaks (looked up on PATH). */
  program: string;
  /** The program's arguments to speak the UTF-8 text in `textFile` into the WAV file `wavFile`. */
  args(textFile: string, wavFile: string): string[];
  isInstalled(installed: InstalledSpeech): boolean;
  /** Reads only ASCII: typographic marks are spoken as their ASCII look-alikes, accents dropped. */
  asciiOnly: boolean;
}

const FESTIVAL_HTS_VOICE = 'cmu_us_slt_arctic_hts';
/** espeak-ng's US English at a child's listening pace; it also spells out names the aligner's dictionary lacks. */
export const ESPEAK_VOICE = { name: 'en-us', wordsPerMinute: 150 };

/** Most natural first: pocketsphinx's word error rate on six library pages was 0.18, 0.34 and 0.91 (issue 17). */
export const VOICES: readonly Voice[] = [
  {
    id: `festival:${FESTIVAL_HTS_VOICE}`,
    label: 'festival, HTS voice slt (US English)',
    packages: ['festival', 'festvox-us-slt-hts'],
    program: 'text2wave',
    args: (textFile, wavFile) => ['-eval', `(voice_${FESTIVAL_HTS_VOICE})`, '-o', wavFile, textFile],
    isInstalled: (installed) =>
      installed.programs.has('text2wave') && installed.festivalVoices.has(FESTIVAL_HTS_VOICE),
    asciiOnly: true,
  },
  {
    id: 'flite:slt',
    label: 'flite, voice slt (US English)',
    packages: ['flite'],
    program: 'flite',
    args: (textFile, wavFile) => ['-voice', 'slt', '-f', textFile, '-o', wavFile],
    isInstalled: (installed) => installed.programs.has('flite') && installed.fliteVoices.has('slt'),
    asciiOnly: true,
  },
  {
    id: `espeak-ng:${ESPEAK_VOICE.name}:${ESPEAK_VOICE.wordsPerMinute}wpm`,
    label: `espeak-ng, ${ESPEAK_VOICE.name} at ${ESPEAK_VOICE.wordsPerMinute} words a minute`,
    packages: ['espeak-ng'],
    program: 'espeak-ng',
    args: (textFile, wavFile) => [
      '-v',
      ESPEAK_VOICE.name,
      '-s',
      String(ESPEAK_VOICE.wordsPerMinute),
      '-w',
      wavFile,
      '-f',
      textFile,
    ],
    isInstalled: (installed) => installed.programs.has('espeak-ng'),
    asciiOnly: false,
  },
];

/** The most natural voice installed, or null (the browser's own voice reads). */
export function chooseVoice(installed: InstalledSpeech): Voice | null {
  return VOICES.find((voice) => voice.isInstalled(installed)) ?? null;
}

/** Every voice installed, most natural first (the bench measures them all). */
export function installedVoices(installed: InstalledSpeech): Voice[] {
  return VOICES.filter((voice) => voice.isInstalled(installed));
}

/** Where Debian's festival keeps its voices: <dir>/<language>/<voice>. */
export const FESTIVAL_VOICE_DIR = '/usr/share/festival/voices';

/** flite's `-lv` answer ("Voices available: kal awb_time kal16 awb rms slt") as names. */
export function parseFliteVoices(listing: string): Set<string> {
  const names = /Voices available:(.*)/.exec(listing)?.[1] ?? '';
  return new Set(names.trim().split(/\s+/).filter(Boolean));
}

const ASCII_LOOKALIKES: [RegExp, string][] = [
  [/[‘’‛′]/g, "'"],
  [/[“”„″]/g, '"'],
  [/\s*[–—]\s*/g, ' - '],
  [/…/g, '...'],
];

/**
 * The text as festival and flite can read it: they take bytes, and speak a UTF-8 quote mark as noise (a page with
 * curly quotes came out 18% longer). Accents are dropped (café → cafe); anything else outside ASCII is left out.
 */
export function toAsciiText(text: string): string {
  let ascii = text;
  for (const [pattern, replacement] of ASCII_LOOKALIKES) ascii = ascii.replace(pattern, replacement);
  return ascii
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\t\n\r -~]/g, '');
}
