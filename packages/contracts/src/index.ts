export * from './domain.js';
export * from './constants.js';
export * from './contract.js';
export * from './errors.js';
export * from './common.js';
export * from './entities.js';
export * from './contracts.js';
export * from './marking.js';
