import { setupServer } from 'msw/node';

/** The mock API for web tests; each test adds the answers it needs with `answer()` (test/api-mocks.ts). */
export const server = setupServer();
