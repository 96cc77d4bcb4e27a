/**
 * Narration and the voice (docs/rules.md R30), with a synthesiser double that counts what it is asked to speak, so
 * this runs on any machine (narration.speech.test.ts does the same with the real voices, WITH_SPEECH=1).
 */
import { availableParallelism } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitWords } from '@readalong/content';
import { createTestApp, type TestApp } from '../../../test/app.js';
import type { Deps } from '../../deps.js';
import type { Speech, SpeechPriority } from '../../platform/speech.js';
import { narrationService } from './narration.js';

const TEXTS = ['Sam has a red kite.', 'The kite flies over the hill.', 'Sam is glad.'];
const quiet = { info() {}, warn() {} };
let t: TestApp;
let passageId: number;

/** A voice that counts the texts it speaks; `voice` is its id, as detectSpeech makes it. */
function countingVoice(voice: string) {
  const spoken: string[] = [];
  const priorities: (SpeechPriority | undefined)[] = [];
  const speech: Speech = {
    unavailableReason: null,
    voice,
    extension: 'mp3',
    async narrate(text, words, priority) {
      spoken.push(text);
      priorities.push(priority);
      return {
        audio: Buffer.from(`${voice} reads ${text}`),
        durationMs: words.length * 400,
        timings: words.map((word, index) => ({ word, startMs: index * 400, endMs: index * 400 + 300 })),
        aligned: true,
      };
    },
    speak: () => Promise.reject(new Error('no single words here')),
  };
  return { spoken, priorities, deps: { ...t.deps, speech } satisfies Deps };
}

/** One server start: a fresh service (as a new process has) and its background job, run to the end. */
const start = (deps: Deps) => narrationService({ ...deps }).startBackgroundJob(quiet).done;

beforeAll(async () => {
  t = await createTestApp();
  passageId = (await t.factories.passage({ pages: TEXTS })).id;
});
afterAll(() => t.close());

describe('narration and the voice (R30)', () => {
  it('two starts with the same voice speak each page once in all', async () => {
    const first = countingVoice('festival:test;v1');
    expect(await start(first.deps)).toEqual({ narrated: TEXTS.length, failed: 0 });
    expect(first.spoken).toEqual(TEXTS);
    // The job gives way to readers: its speech runs at the lowest priority.
    expect(first.priorities).toEqual(TEXTS.map(() => 'background'));

    const second = countingVoice('festival:test;v1');
    expect(await start(second.deps)).toEqual({ narrated: 0, failed: 0 });
    expect(second.spoken).toEqual([]);
  });

  it('a new voice: pages keep the old narration until the job makes theirs, each page spoken once more', async () => {
    const before = await narrationService(countingVoice('festival:test;v1').deps).page(passageId, 1);
    const changed = countingVoice('flite:test;v1');
    // Asked before the job reaches it, a page answers at once with the old voice's audio, speaking nothing.
    expect(await narrationService(changed.deps).page(passageId, 1)).toEqual(before);
    expect(changed.spoken).toEqual([]);

    expect(await start(changed.deps)).toEqual({ narrated: TEXTS.length, failed: 0 });
    expect(changed.spoken).toEqual(TEXTS);
    const after = await narrationService(changed.deps).page(passageId, 1);
    expect(after!.narration_url).not.toBe(before!.narration_url);

    const restarted = countingVoice('flite:test;v1');
    await start(restarted.deps);
    expect(restarted.spoken).toEqual([]);
  });

  it('speaks a page a reader asks for before the job reached it at once, at a reader’s priority', async () => {
    const passage = await t.factories.passage({ pages: ['A new page nobody has heard.'] });
    const voice = countingVoice('flite:test;v1');
    const page = await narrationService(voice.deps).page(passage.id, 1);
    expect(page!.word_timings.map((timing) => timing.word)).toEqual(
      splitWords('A new page nobody has heard.'),
    );
    expect(voice.priorities).toEqual(['reader']);
  });

  it('keeps the old voice’s audio: going back to it speaks nothing', async () => {
    const back = countingVoice('festival:test;v1');
    // The page of the test before has no audio of this voice yet: it alone is spoken.
    expect(await start(back.deps)).toEqual({ narrated: TEXTS.length + 1, failed: 0 });
    expect(back.spoken).toEqual(['A new page nobody has heard.']);
  });

  it('narrates books opened before their turn a page per core at a time, the book opened (or asked for again) last first (R31)', async () => {
    const cores = availableParallelism();
    const pages = (book: string, count: number) =>
      Array.from({ length: count }, (_, index) => `${book} has page ${index + 1}.`);
    // The first book has a page for every core and more, so every voice is busy with it when the others arrive.
    const [first, ...later] = await Promise.all(
      [pages('Ana', cores + 2), pages('Ben', 2), pages('Cal', 2), pages('Dot', 2)].map((texts) =>
        t.factories.passage({ pages: texts }),
      ),
    );
    const voice = countingVoice('espeak-ng:test;opened');
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let speaking = 0;
    let mostAtOnce = 0;
    const speech = {
      ...voice.deps.speech,
      async narrate(...args: Parameters<Speech['narrate']>) {
        mostAtOnce = Math.max(mostAtOnce, ++speaking);
        await gate;
        speaking -= 1;
        return voice.deps.speech.narrate(...args);
      },
    };
    const service = narrationService({ ...voice.deps, speech });
    const requests = [service.requestPassage(first!.id)];
    for (const book of later) {
      await sleep(50); // each book's pages are queued before the next is opened
      requests.push(service.requestPassage(book.id));
    }
    await sleep(50);
    // Ben's book is opened again (a child opens a book a teacher's preview queued): it goes first now.
    requests.push(service.requestPassage(later[0]!.id));
    await sleep(50);
    release();
    await Promise.all(requests);

    expect(mostAtOnce).toBe(cores);
    const others = voice.spoken.filter((text) => !text.startsWith('Ana'));
    expect(others).toEqual([...pages('Ben', 2), ...pages('Dot', 2), ...pages('Cal', 2)]);
    expect(voice.spoken).toHaveLength(cores + 2 + 6);
  });
});
