import { contracts } from '@readalong/contracts';
import { route } from '../../http/route.js';
import type { ReadingService } from './reading.service.js';

export const readingRoutes = (reading: ReadingService) => [
  route(contracts.listPassages, ({ actor, query }) => reading.listPassages(actor, query)),
  // Before getPassage, though the router prefers the literal path anyway: `activity` is not a passage id.
  route(contracts.getPassageActivity, ({ actor, query }) => reading.passageActivity(actor, query.class_id)),
  route(contracts.getPassage, ({ actor, params }) => reading.getPassage(actor, params.id)),
  route(contracts.getWorksheetPassage, ({ actor, params }) => reading.getWorksheetPassage(actor, params.id)),
  route(contracts.startWorksheet, ({ actor, params, body }) =>
    reading.startWorksheet(actor, params.id, body.class_id),
  ),
  route(contracts.startRateBuilder, ({ actor, params, body }) =>
    reading.startRateBuilder(actor, params.id, body.class_id),
  ),
  route(contracts.favouritePassage, ({ actor, params, query, body }) =>
    reading.favouritePassage(actor, params.id, query.unfavourite ? false : body.favourite),
  ),
  route(contracts.saveReadingProgress, ({ actor, params, body }) =>
    reading.saveReadingProgress(actor, params.id, body),
  ),
  route(contracts.completeReadingPractice, ({ actor, params }) =>
    reading.completeReadingPractice(actor, params.id),
  ),
  route(contracts.getWorksheet, ({ actor, params }) => reading.getWorksheet(actor, params.id)),
  route(contracts.getSubmittedPassages, ({ actor, query }) => reading.getSubmittedPassages(actor, query)),
  route(contracts.listSkillBuilders, ({ actor, query }) => reading.listSkillBuilders(actor, query)),
  route(contracts.logReadingActivity, ({ actor, body }) => reading.logReadingActivity(actor, body)),
];
