/** Module support: contact us, signed in or not, and translation (docs/rules.md F4, F5). */
import { z } from 'zod';
import { EmailInput, Ok, Text } from '../common.js';
import { ANY_ROLE, defineContract } from '../contract.js';

export const CONTACT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const ContactFields = {
  name: Text.trim().min(1, 'name is required').max(200),
  email: EmailInput,
  ailearn_account: Text.trim().max(200).optional().describe('the account name, if the writer has one'),
  message: Text.trim().min(1, 'message is required').max(5000),
};

export const contactUsPublic = defineContract({
  name: 'contactUsPublic',
  method: 'POST',
  path: '/v1/user/public/contact-us',
  summary: 'Send a message to support, with an optional screenshot (form data).',
  access: 'public',
  multipart: {
    fields: z.strictObject(ContactFields),
    files: [
      { name: 'file', required: false, description: 'an image (PNG, JPEG, WebP or GIF, at most 5 MB)' },
    ],
  },
  response: Ok,
});

export const contactUs = defineContract({
  name: 'contactUs',
  method: 'POST',
  path: '/v1/user/contact-us',
  summary: 'Send a message to support as the signed-in user (structured data, no image).',
  access: ANY_ROLE,
  body: z.strictObject({
    ...ContactFields,
    name: ContactFields.name.optional(),
    email: ContactFields.email.optional(),
  }),
  response: Ok,
});

export const translate = defineContract({
  name: 'translate',
  method: 'POST',
  path: '/v1/user/translate',
  summary:
    'Translate text through the configured LibreTranslate-compatible service; 503 when none is configured.',
  access: ANY_ROLE,
  body: z.strictObject({
    text: Text.min(1, 'text is required').max(5000),
    target_lang: Text.min(2).max(10).describe('language code, e.g. es'),
    source_lang: Text.min(2).max(10).default('en'),
  }),
  response: z.object({ result: z.string() }),
});
