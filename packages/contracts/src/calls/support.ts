/** Module support: contact us, signed in or not, translation, and the staff's printable guides (docs/rules.md F4, F5, F13). */
import { z } from 'zod';
import { EmailInput, Ok, Text } from '../common.js';
import { ANY_ROLE, defineContract, STAFF } from '../contract.js';

export const CONTACT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const ContactFields = {
  name: Text.trim().min(1, 'name is required').max(200),
  email: EmailInput,
  ailearn_account: Text.trim().max(200).optional().describe('the account name, if the writer has one'),
  message: Text.trim().min(1, 'message is required').max(5000),
};

const Screenshot = {
  name: 'file',
  required: false,
  description: 'an image (PNG, JPEG, WebP or GIF, at most 5 MB)',
} as const;

export const contactUsPublic = defineContract({
  name: 'contactUsPublic',
  method: 'POST',
  path: '/v1/user/public/contact-us',
  summary: 'Send a message to support, with an optional screenshot (form data).',
  access: 'public',
  multipart: { fields: z.strictObject(ContactFields), files: [Screenshot] },
  response: Ok,
});

export const contactUs = defineContract({
  name: 'contactUs',
  method: 'POST',
  path: '/v1/user/contact-us',
  summary:
    'Send a message to support as the signed-in user, with an optional screenshot (form data); name, email and account default to the user’s own.',
  access: ANY_ROLE,
  multipart: {
    fields: z.strictObject({
      ...ContactFields,
      name: ContactFields.name.optional(),
      email: ContactFields.email.optional(),
    }),
    files: [Screenshot],
  },
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

/** One part of a printable guide, in reading order: the web app lays it out for the screen, paper and a file. */
export const ResourceBlock = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('heading'), text: z.string() }),
  z.object({ kind: z.literal('paragraph'), text: z.string() }),
  z.object({ kind: z.literal('list'), ordered: z.boolean(), items: z.array(z.string()) }),
  z.object({
    kind: z.literal('table'),
    caption: z.string(),
    columns: z.array(z.string()),
    rows: z.array(z.array(z.string())),
  }),
  z.object({
    kind: z.literal('colour_bands'),
    caption: z.string(),
    bands: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        colour: z.string().describe('#RRGGBB'),
        lexile: z.string().describe('the band’s Lexile range in words, or “first steps”'),
        series: z.array(z.string()).describe('the series that start or end in this band'),
      }),
    ),
  }),
  z.object({
    kind: z.literal('write_in'),
    lines: z.array(z.string()).describe('labels of lines left blank to fill in by hand'),
  }),
]);

export const getTeacherResources = defineContract({
  name: 'getTeacherResources',
  method: 'GET',
  path: '/v1/teacher/resources',
  summary:
    'Printable guides for staff (how levels work, a letter for families, a running record, a routine card).',
  access: STAFF,
  response: z.object({
    resources: z.array(
      z.object({
        id: z.string().describe('a stable name, e.g. how-levels-work'),
        title: z.string(),
        description: z.string(),
        category: z.string().describe('what it is for: Guide, Families, Assessment, Classroom'),
        blocks: z.array(ResourceBlock),
      }),
    ),
  }),
});
