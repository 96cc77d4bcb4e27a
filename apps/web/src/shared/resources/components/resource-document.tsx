import type { CSSProperties } from 'react';
import type { ResourceBlock, TeacherResource } from '../api/teacher-resources';

/**
 * A guide laid out for the screen, paper and a saved file alike (docs/rules.md F13): plain elements with their
 * styles inline, so the same markup, copied into a file, looks the same without the app's stylesheets.
 */
const styles = {
  document: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    color: '#1a1b1e',
    lineHeight: 1.5,
    maxWidth: '48rem',
  },
  title: { fontSize: '1.6rem', margin: '0 0 0.25rem' },
  category: { color: '#495057', margin: '0 0 1rem', textTransform: 'uppercase', letterSpacing: '0.05em' },
  heading: { fontSize: '1.2rem', margin: '1.25rem 0 0.5rem' },
  table: { borderCollapse: 'collapse', width: '100%', margin: '0.75rem 0' },
  caption: { textAlign: 'left', fontWeight: 700, padding: '0 0 0.4rem' },
  cell: { border: '1px solid #adb5bd', padding: '0.3rem 0.5rem', textAlign: 'left', verticalAlign: 'top' },
  swatch: {
    display: 'inline-block',
    width: '1.5rem',
    height: '1rem',
    border: '1px solid #495057',
    borderRadius: 3,
    verticalAlign: 'middle',
    printColorAdjust: 'exact',
    WebkitPrintColorAdjust: 'exact',
  },
  writeIn: { display: 'flex', gap: '0.5rem', alignItems: 'flex-end', margin: '0.9rem 0' },
  writeInLine: { flex: 1, borderBottom: '1px solid #1a1b1e', minHeight: '1.4rem' },
} satisfies Record<string, CSSProperties>;

function Block({ block }: { block: ResourceBlock }) {
  switch (block.kind) {
    case 'heading':
      return <h3 style={styles.heading}>{block.text}</h3>;
    case 'paragraph':
      return <p>{block.text}</p>;
    case 'list': {
      const items = block.items.map((item) => <li key={item}>{item}</li>);
      return block.ordered ? <ol>{items}</ol> : <ul>{items}</ul>;
    }
    case 'table':
      return (
        <table style={styles.table}>
          <caption style={styles.caption}>{block.caption}</caption>
          <thead>
            <tr>
              {block.columns.map((column) => (
                <th key={column} scope="col" style={styles.cell}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {block.rows.map((row) => (
              <tr key={row.join('|')}>
                {row.map((cell, index) => (
                  <td key={index} style={styles.cell}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      );
    case 'colour_bands':
      return (
        <table style={styles.table}>
          <caption style={styles.caption}>{block.caption}</caption>
          <thead>
            <tr>
              {['Band', 'Colour', 'Lexile', 'Series'].map((column) => (
                <th key={column} scope="col" style={styles.cell}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {block.bands.map((band) => (
              <tr key={band.id}>
                <th scope="row" style={styles.cell}>
                  {band.id}
                </th>
                <td style={styles.cell}>
                  <span style={{ ...styles.swatch, background: band.colour }} aria-hidden /> {band.name}
                </td>
                <td style={styles.cell}>{band.lexile}</td>
                <td style={styles.cell}>{band.series.join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      );
    case 'write_in':
      return (
        <div>
          {block.lines.map((label) => (
            <div key={label} style={styles.writeIn}>
              <span>{label}:</span>
              <span style={styles.writeInLine} />
            </div>
          ))}
        </div>
      );
  }
}

export function ResourceDocument({ resource }: { resource: TeacherResource }) {
  return (
    <article style={styles.document} lang="en">
      <h2 style={styles.title}>{resource.title}</h2>
      <p style={styles.category}>{resource.category}</p>
      {resource.blocks.map((block, index) => (
        <Block key={index} block={block} />
      ))}
    </article>
  );
}

/** The guide as a file of its own: the document's markup in a page of its own, ready to print. */
export function resourceFile(resource: TeacherResource, markup: string): Blob {
  const title = resource.title.replace(/[<&]/g, (character) => (character === '<' ? '&lt;' : '&amp;'));
  return new Blob(
    [
      `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>${title}</title>\n` +
        `<style>@page { margin: 18mm; } body { margin: 2rem; }</style>\n</head>\n<body>\n${markup}\n</body>\n</html>\n`,
    ],
    { type: 'text/html;charset=utf-8' },
  );
}
