import { contracts } from '@readalong/contracts';
import { route } from '../../http/route.js';
import type { NarrationService } from './narration.js';

export const libraryRoutes = (narration: NarrationService) => [
  route(contracts.getNarration, async ({ query }) => ({ file_url: await narration.wordUrl(query.word) })),
];
