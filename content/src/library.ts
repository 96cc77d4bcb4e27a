/** Reads the library from `content/library/<kind>/<slug>/passage.json`. */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { PASSAGE_KINDS, Passage } from './schema.js';

export const LIBRARY_DIR = path.resolve(import.meta.dirname, '../library');

export type PassageKind = (typeof PASSAGE_KINDS)[keyof typeof PASSAGE_KINDS];

export interface LibraryEntry {
  slug: string;
  kind: PassageKind;
  folder: string;
  /** The parsed passage, or the reason it could not be read. */
  passage: Passage | null;
  problems: string[];
}

export function readLibrary(root = LIBRARY_DIR): LibraryEntry[] {
  const entries: LibraryEntry[] = [];
  for (const [folderName, kind] of Object.entries(PASSAGE_KINDS)) {
    const kindDir = path.join(root, folderName);
    if (!existsSync(kindDir)) continue;
    for (const slug of readdirSync(kindDir).sort()) {
      const folder = path.join(kindDir, slug);
      const file = path.join(folder, 'passage.json');
      if (!existsSync(file)) continue;
      entries.push({ slug, kind, folder, ...parsePassage(file) });
    }
  }
  return entries;
}

function parsePassage(file: string): { passage: Passage | null; problems: string[] } {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return { passage: null, problems: [`passage.json is not valid JSON: ${(error as Error).message}`] };
  }
  const parsed = Passage.safeParse(raw);
  if (parsed.success) return { passage: parsed.data, problems: [] };
  return {
    passage: null,
    problems: parsed.error.issues.map((issue) => `${issue.path.join('.') || '(passage)'}: ${issue.message}`),
  };
}

/** The picture files a passage names (cover first, then each page's illustration), once each. */
export function passagePictures(passage: Passage): string[] {
  const files = [passage.cover, ...passage.pages.map((page) => page.illustration)];
  return [...new Set(files.filter((file): file is string => Boolean(file)))];
}
