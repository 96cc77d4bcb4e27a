/** Hands a file made or fetched in the page to the browser's downloads, as a link with `download` would. */
export function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the file once the click is handled; the URL is freed after that turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
