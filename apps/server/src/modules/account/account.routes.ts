import { contracts } from '@readalong/contracts';
import { route } from '../../http/route.js';
import type { createAccountService } from './account.service.js';

export const accountRoutes = (account: ReturnType<typeof createAccountService>) => [
  route(contracts.getProfile, ({ actor }) => account.getProfile(actor)),
  route(contracts.updateProfile, ({ actor, body, request }) =>
    account.updateProfile(actor, body, { address: request.ip, userAgent: request.headers['user-agent'] }),
  ),
  route(contracts.updateProfilePicture, ({ actor, request }) => account.updateProfilePicture(actor, request)),
  route(contracts.recoverPassword, ({ query, body, request }) =>
    account.recoverPassword(query.email, body, request.log),
  ),
  route(contracts.validateResetLink, ({ query }) => account.validateResetLink(query.key)),
  route(contracts.changePasswordUnsigned, ({ params, body }) =>
    account.changePasswordUnsigned(params.key, body.new_password),
  ),
];
