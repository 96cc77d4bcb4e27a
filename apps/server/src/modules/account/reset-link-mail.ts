/**
 * The mail carrying a single-use link to choose a password (S9): asked for by its owner (`POST /password/recover`),
 * or sent when staff reset a staff member's password (M10). One text, so both links read and work alike. Every
 * word of it is the product's or the account's own, never a request's (S24).
 */
import { PASSWORD_RESET_TTL_MINUTES } from '@readalong/contracts';
import type { Mailer } from '../../platform/mail.js';

/** S24: the product's name in the mail is fixed here; the `branding` a request sends is not read. */
const PRODUCT = 'ReadAlong';

const REASONS = {
  asked: {
    subject: 'reset your password',
    opening: (account: string) => `Someone asked to reset the password of your ${account}.`,
    closing: 'If it was not you, ignore this mail: your password stays as it is.',
  },
  resetByStaff: {
    subject: 'choose a new password',
    opening: (account: string) =>
      `Your school's administrator reset the password of your ${account} and signed it out everywhere.`,
    closing:
      'Until you choose a new password you cannot sign in. If you did not expect this, ask your administrator.',
  },
} as const;

export interface ResetLink {
  to: { email: string; firstName: string; username: string };
  key: string;
  appUrl: string;
  reason: keyof typeof REASONS;
}

export async function sendResetLink(mail: Mailer, { to, key, appUrl, reason }: ResetLink) {
  const text = REASONS[reason];
  await mail.send({
    to: to.email,
    subject: `${PRODUCT}: ${text.subject}`,
    text: [
      `Hello ${to.firstName},`,
      '',
      text.opening(`${PRODUCT} account (${to.username})`),
      `To choose a new password, open this link within ${PASSWORD_RESET_TTL_MINUTES} minutes:`,
      '',
      `${appUrl}/reset-password/${key}`,
      '',
      text.closing,
    ].join('\n'),
  });
}
