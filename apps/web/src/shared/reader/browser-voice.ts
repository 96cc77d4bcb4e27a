/** Whether this browser can read aloud with its own voice (docs/rules.md C14: where the server has no recording). */
export const speechAvailable = () =>
  typeof window !== 'undefined' &&
  'speechSynthesis' in window &&
  typeof SpeechSynthesisUtterance !== 'undefined';
