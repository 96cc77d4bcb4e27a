/** The library as the server imports it: the format, the reader, the measure, the checks and stored questions. */
export * from './schema.js';
export * from './library.js';
export * from './measure.js';
export * from './questions.js';
export {
  LIBRARY_MINIMUMS,
  answerKeyProblems,
  libraryProblems,
  passageProblems,
  passageText,
} from './check.js';
