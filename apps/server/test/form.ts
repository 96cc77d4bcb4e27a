/** A multipart form as a browser sends it (text fields, then an optional file named `file`), for app.inject. */
export function form(fields: Record<string, string>, file?: { value: Buffer; type: string; name?: string }) {
  const boundary = '----readalong-test';
  const chunks: Buffer[] = Object.entries(fields).map((entry) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${entry[0]}"\r\n\r\n${entry[1]}\r\n`),
  );
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name ?? 'shot'}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      file.value,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
