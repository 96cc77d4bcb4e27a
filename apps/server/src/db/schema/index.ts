export * from './tenancy.js';
export * from './content.js';
export * from './reading.js';
export * from './progress.js';
export * from './accounts.js';
export * from './licences.js';
export * from './roster-imports.js';
