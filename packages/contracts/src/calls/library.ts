/** Module library: the recorded narration of a page or word (docs/rules.md C14). */
import { z } from 'zod';
import { Text } from '../common.js';
import { ANY_ROLE, defineContract } from '../contract.js';

export const getNarration = defineContract({
  name: 'getNarration',
  method: 'GET',
  path: '/v1/questions/narration',
  summary: 'A spoken recording of one word; 404 when none can be made.',
  access: ANY_ROLE,
  query: z.object({
    word: Text.trim()
      .regex(/^[\p{L}'’-]{1,50}$/u, 'one word of letters, apostrophes or hyphens')
      .describe('the word to speak'),
  }),
  response: z.object({ file_url: z.string().describe('signed link to the audio') }),
});
