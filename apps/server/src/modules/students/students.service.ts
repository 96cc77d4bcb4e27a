/** The student's own reading state. Later issues add placement, resets, goals and reports here. */
import type { Deps } from '../../deps.js';
import type { Actor } from '../../http/route.js';
import { notFound } from '../../http/errors.js';
import * as authRepo from '../auth/auth.repository.js';

export function createStudentsService({ db }: Deps) {
  return {
    async userDetails(actor: Actor) {
      const student = await authRepo.findStudent(db, actor.userId);
      if (!student) throw notFound('student');
      return {
        colour_band_id: student.colourBandId,
        series_id: student.seriesId,
        coins: student.coins,
        read_aloud_enabled: student.readAloudEnabled,
        narration_enabled: student.narrationEnabled,
        class_id: student.homeClassId,
        placement_test_id: student.placementTestId,
      };
    },
  };
}
