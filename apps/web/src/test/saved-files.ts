import { vi } from 'vitest';

/**
 * What the page hands the browser to save (lib/save-file.ts): the file and the name on the link it clicks. The click
 * is a spy: restore mocks after each test (vi.restoreAllMocks()).
 */
export function watchSaves() {
  const made: Blob[] = [];
  const saved: { blob: Blob; name: string }[] = [];
  // jsdom has no blob URLs and does not download: the file handed over and the link clicked are recorded.
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => (made.push(blob), 'blob:csv'),
    revokeObjectURL: () => undefined,
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ blob: made.at(-1)!, name: this.download });
  });
  return saved;
}

/** A Blob's text through jsdom's FileReader (jsdom's Blob has no text() under every Node). */
export const textOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsText(blob);
  });
