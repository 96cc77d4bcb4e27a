/**
 * A class's translation language (docs/rules.md F12): staff in scope set it or turn it off; the class's own students
 * read it, so the reader offers translation into it. Anyone else is answered 404, as for a class that is not there.
 */
import { TRANSLATION_LANGUAGES, type TranslationLanguage } from '@readalong/contracts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { classes } from '../../db/schema/index.js';
import type { Actor } from '../../domain/actor.js';
import { notFound } from '../../domain/errors.js';
import { visibleClasses } from '../access/scope.js';

type Language = z.infer<typeof TranslationLanguage>;

const OFFERED = new Set<string>(TRANSLATION_LANGUAGES.map((language) => language.code));

/** A stored code no longer on the list reads as off, so a class never offers a language the reader cannot use. */
const offered = (code: string | null) => (code !== null && OFFERED.has(code) ? (code as Language) : null);

export function classTranslation(deps: Pick<Deps, 'db' | 'config'>) {
  const { db, config } = deps;
  const view = (row: { id: number; targetLang: string | null }) => ({
    class_id: row.id,
    target_lang: offered(row.targetLang),
    available: config.translate !== null,
  });
  const columns = { id: classes.id, targetLang: classes.translationTargetLang };

  return {
    /** Staff read the classes in their scope, a student the classes they are enrolled in (A3). */
    async get(actor: Actor, classId: number) {
      const [row] = await db
        .select(columns)
        .from(classes)
        .where(and(eq(classes.id, classId), visibleClasses(db, actor)));
      if (!row) throw notFound('class');
      return view(row);
    },

    /** One guarded update: out of scope changes nothing and answers 404. */
    async set(actor: Actor, classId: number, targetLang: Language | null) {
      const [row] = await db
        .update(classes)
        .set({ translationTargetLang: targetLang })
        .where(and(eq(classes.id, classId), visibleClasses(db, actor)))
        .returning(columns);
      if (!row) throw notFound('class');
      return view(row);
    },
  };
}
