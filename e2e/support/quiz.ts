/** Answers a quiz in the browser as a student would, right every time, with the library's answer keys. */
import { expect, type Locator, type Page } from '@playwright/test';
import type { LibraryQuestion } from './library';

/** The tiles that join to a word, in order (a tile is used once; tiles can overlap, so the search backs up). */
function tilesFor(tiles: string[], word: string): string[] {
  const search = (rest: string, left: string[]): string[] | null => {
    if (rest === '') return [];
    for (const [index, tile] of left.entries()) {
      if (!rest.startsWith(tile)) continue;
      const after = search(
        rest.slice(tile.length),
        left.filter((_, other) => other !== index),
      );
      if (after) return [tile, ...after];
    }
    return null;
  };
  const pressed = search(word, tiles);
  if (!pressed) throw new Error(`the tiles ${tiles.join(' ')} do not make ${word}`);
  return pressed;
}

/** Chooses a chip: its radio input is visually hidden, so the press lands on its label, as a finger's would. */
async function chooseChip(page: Page, radio: Locator) {
  const id = await radio.getAttribute('id');
  await page.locator(`label[for="${id}"]`).click();
  await expect(radio).toBeChecked();
}

async function answer(page: Page, question: LibraryQuestion) {
  switch (question.type) {
    case 'mcq':
    case 'discard_option':
      return page.getByRole('radio', { name: question.options[question.answer], exact: true }).check();
    case 'short_answer':
      return page.getByRole('textbox', { name: question.prompt }).fill(question.accepted[0]!);
    case 'open_ended':
      return page
        .getByRole('textbox', { name: question.prompt })
        .fill('Because of what happened in the story.');
    case 'word_from_sentence':
      return chooseChip(page, page.getByRole('radio', { name: question.answer, exact: true }).first());
    case 'categorising':
      for (const item of question.items) {
        const group = page.getByRole('radiogroup', { name: item.text, exact: true });
        await chooseChip(
          page,
          group.getByRole('radio', { name: question.categories[item.category], exact: true }),
        );
      }
      return;
    case 'form_words':
      for (const [index, word] of question.words.entries()) {
        const group = page.getByRole('group', { name: `Word ${index + 1}`, exact: true });
        for (const tile of tilesFor(word.tiles, word.answer))
          await group.getByRole('button', { name: tile, exact: true, disabled: false }).first().click();
      }
      return;
    case 'sequencing':
      for (const [place, item] of question.items.entries()) {
        const list = page.getByRole('list', { name: question.prompt });
        const shown = await list.getByRole('listitem').allInnerTexts();
        const at = shown.findIndex((text) => text.includes(item));
        for (let step = at; step > place; step--)
          await page.getByRole('button', { name: `Move “${item}” up`, exact: true }).click();
      }
      return;
  }
}

/** Answers every question on screen, one at a time, then presses the finish button. */
export async function answerQuiz(
  page: Page,
  questions: LibraryQuestion[],
  finish: RegExp = /Finish the quiz/,
) {
  const counter = page.getByText(/^Question \d+ of \d+$/);
  await expect(counter).toBeVisible();
  const total = Number((await counter.textContent())!.match(/of (\d+)/)![1]);
  expect(total).toBe(questions.length);
  for (let number = 1; number <= total; number++) {
    await expect(counter).toHaveText(`Question ${number} of ${total}`);
    // The question's prompt is the heading keyboard focus moves to.
    const prompt = (await page.locator('h2[tabindex="-1"]').textContent())!.trim();
    const question = questions.find((candidate) => candidate.prompt === prompt);
    if (!question) throw new Error(`no answer key for “${prompt}”`);
    await answer(page, question);
    if (number < total) await page.getByRole('button', { name: 'Next', exact: true }).click();
  }
  await page.getByRole('button', { name: finish }).click();
}
