import { contracts } from '@readalong/contracts';
import { route } from '../../http/route.js';
import type { RosterImportService } from './roster-import.service.js';

export const rosterImportRoutes = (imports: RosterImportService) => [
  route(contracts.startRosterImport, ({ actor, request }) => imports.start(actor, request)),
  route(contracts.listRosterImports, ({ actor, query }) => imports.list(actor, query.school_id)),
  route(contracts.getRosterImport, ({ actor, params }) => imports.get(actor, params.id)),
  route(contracts.commitRosterImport, ({ actor, params, request }) =>
    imports.commit(actor, params.id, request),
  ),
];
