import { contracts } from '@readalong/contracts';
import { route } from '../../http/route.js';
import type { AuthService } from './auth.service.js';

export const authRoutes = (auth: AuthService) => [
  route(contracts.login, ({ body, request }) =>
    auth.login(body, { address: request.ip, userAgent: request.headers['user-agent'] }, request.log),
  ),
  route(contracts.logout, ({ actor }) => auth.logout(actor)),
  route(contracts.logoutEverywhere, ({ actor }) => auth.logoutEverywhere(actor)),
  route(contracts.refresh, ({ body }) => auth.refresh(body.refresh_token)),
  route(contracts.startSession, ({ actor }) => auth.startSession(actor)),
  route(contracts.lock, ({ actor, body }) => auth.lock(actor, body)),
  route(contracts.validate, ({ actor }) => auth.validate(actor)),
];
