/**
 * When a worksheet is completed (R7): every page read, the quiz submitted (when the passage has one)
 * and, for power and rate builders of a student who reads aloud, a recording submitted. A placement test is
 * completed by its quiz alone. Checked after each event that can complete one: reading progress, a quiz, and
 * (with read-aloud) a recording.
 */
import { BuilderType } from '@readalong/contracts';
import type { Executor } from '../../db/database.js';
import type { ProgressionService, Reader } from '../progression/progression.service.js';
import * as repo from './reading.repository.js';

export interface CompletionFacts {
  builderTypeId: number;
  pagesCompleted: number;
  numPages: number;
  numQuestions: number;
  quizSubmitted: boolean;
  recordingSubmitted: boolean;
}

/** Whether a worksheet of this type asks a student with `readAloudEnabled` for a recording: power and rate builders. */
export const asksForRecording = (builderTypeId: number, readAloudEnabled: boolean) =>
  readAloudEnabled &&
  (builderTypeId === BuilderType.PowerBuilder || builderTypeId === BuilderType.RateBuilder);

export function isWorksheetDone(facts: CompletionFacts, readAloudEnabled: boolean): boolean {
  if (facts.builderTypeId === BuilderType.PlacementTest) return facts.quizSubmitted;
  const readsAloud = asksForRecording(facts.builderTypeId, readAloudEnabled);
  return (
    facts.pagesCompleted >= facts.numPages &&
    (facts.numQuestions === 0 || facts.quizSubmitted) &&
    (!readsAloud || facts.recordingSubmitted)
  );
}

/**
 * Marks the worksheet completed when it is done, paying a skill or rate builder's completion once.
 * Answers whether it is completed and the coins paid now.
 */
export async function completeIfDone(
  tx: Executor,
  reader: Reader,
  worksheetId: number,
  progression: ProgressionService,
  now: Date,
): Promise<{ completed: boolean; coins: number }> {
  const facts = await repo.completionFacts(tx, worksheetId);
  if (!facts) return { completed: false, coins: 0 };
  if (facts.worksheetCompleted) return { completed: true, coins: 0 };
  if (!isWorksheetDone(facts, reader.readAloudEnabled)) return { completed: false, coins: 0 };
  await repo.updateWorksheet(tx, worksheetId, { worksheetCompleted: true, completedAt: now });
  const coins = await progression.builderCompleted(tx, reader, facts, facts.builderTypeId);
  return { completed: true, coins };
}
