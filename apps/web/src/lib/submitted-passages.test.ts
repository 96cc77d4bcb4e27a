import { describe, expect, it } from 'vitest';
import { createPersistence } from './persistence';
import { createSubmittedPassagesCache, submittedPassages } from './submitted-passages';

const passage = (passageId: number, colourBandId: number, seriesId: number) => ({
  passage_id: passageId,
  worksheet_id: passageId * 10,
  title: `Book ${passageId}`,
  completed_at: '2030-01-01T00:00:00.000Z',
  colour_band_id: colourBandId,
  series_id: seriesId,
  score_percent: 90,
  recording_id: null,
  recording_grading_viewed: null,
});

describe('submitted passages cache', () => {
  it('keeps passages per colour band and series, across page loads', async () => {
    await submittedPassages.put(3, 1, [passage(1, 3, 1)]);
    await submittedPassages.put(3, 2, [passage(2, 3, 2)]);

    const nextPageLoad = createSubmittedPassagesCache(createPersistence());

    expect(await nextPageLoad.get(3, 1)).toEqual([passage(1, 3, 1)]);
    expect(await nextPageLoad.get(3, 2)).toEqual([passage(2, 3, 2)]);
    expect(await nextPageLoad.get(4, 1)).toBeNull();
  });

  it('keeps both of two quick writes', async () => {
    await Promise.all([
      submittedPassages.put(3, 1, [passage(1, 3, 1)]),
      submittedPassages.put(5, 1, [passage(5, 5, 1)]),
    ]);

    expect(await submittedPassages.get(3, 1)).toHaveLength(1);
    expect(await submittedPassages.get(5, 1)).toHaveLength(1);
  });

  it('drops only the band whose colour was reset', async () => {
    await submittedPassages.put(3, 1, [passage(1, 3, 1)]);
    await submittedPassages.put(3, 2, [passage(2, 3, 2)]);

    await submittedPassages.dropBand(3, 1);

    expect(await submittedPassages.get(3, 1)).toBeNull();
    expect(await submittedPassages.get(3, 2)).toEqual([passage(2, 3, 2)]);
  });

  it('forgets everything on clear', async () => {
    await submittedPassages.put(3, 1, [passage(1, 3, 1)]);
    await submittedPassages.put(9, 6, [passage(2, 9, 6)]);

    await submittedPassages.clear();

    expect(await submittedPassages.get(3, 1)).toBeNull();
    expect(await submittedPassages.get(9, 6)).toBeNull();
    expect(window.localStorage.length).toBe(0);
  });

  it('treats a damaged cache as empty', async () => {
    window.localStorage.setItem(
      'readalong.submitted-passages',
      JSON.stringify({ '3:1': [{ passage_id: 'x' }] }),
    );

    expect(await submittedPassages.get(3, 1)).toBeNull();
  });
});
