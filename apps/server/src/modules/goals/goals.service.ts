/**
 * Reading goals, below the two modules that read them: reports (where a student stands against their goal) and
 * recordings (the alerts when a recording reaches it). No endpoint of its own yet.
 */
export { goalOf, type Goal } from './goals.repository.js';
