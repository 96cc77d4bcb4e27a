import { contracts } from '@readalong/contracts';
import { route } from '../../http/route.js';
import type { RecordingsService } from './recordings.service.js';

export const recordingsRoutes = (recordings: RecordingsService) => [
  route(contracts.uploadRecording, ({ actor, params, request }) =>
    recordings.upload(actor, params.id, request),
  ),
  route(contracts.getWorksheetRecordings, ({ actor, params }) =>
    recordings.listOfWorksheet(actor, params.id),
  ),
  route(contracts.trimRecording, ({ actor, params, body }) => recordings.trim(actor, params.id, body)),
  route(contracts.saveMistakes, ({ actor, params, body }) => recordings.saveMistakes(actor, params.id, body)),
  route(contracts.getMistakes, ({ actor, params }) => recordings.getMistakes(actor, params.id)),
  route(contracts.commentRecording, ({ actor, params, body }) =>
    recordings.comment(actor, params.id, body.comment),
  ),
  route(contracts.markRecordingViewed, ({ actor, params }) => recordings.markViewed(actor, params.id)),
  route(contracts.getClassRecordings, ({ actor, query }) => recordings.listOfClass(actor, query.class_id)),
  route(contracts.logRecordingActivity, ({ actor, body }) => recordings.logActivity(actor, body)),
];
