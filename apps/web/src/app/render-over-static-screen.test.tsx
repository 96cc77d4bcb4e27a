import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { renderOverStaticScreen } from './render-over-static-screen';

const stylesheet = (href: string) =>
  Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
const linked = (parent: HTMLElement) =>
  [...parent.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.getAttribute('href'));

function Form() {
  const [name, setName] = useState('');
  return (
    <form>
      <input aria-label="Username" value={name} onChange={(event) => setName(event.target.value)} />
      <button type="button">Sign in</button>
    </form>
  );
}

/** A page as the build writes it (B9): the screen's markup in #root, its stylesheets at the end of the body. */
function builtPage() {
  const container = document.createElement('div');
  container.innerHTML =
    '<form><input aria-label="Username" value=""><button type="button" disabled>Sign in</button></form>';
  document.body.append(container, stylesheet('/assets/index.css'), stylesheet('/assets/login.css'));
  return container;
}

afterEach(() => {
  document.head.querySelectorAll('link').forEach((link) => link.remove());
  document.body.replaceChildren();
});

describe('renderOverStaticScreen (B9)', () => {
  it('keeps what was typed and the focus', async () => {
    const container = builtPage();
    const field = container.querySelector('input')!;
    field.focus();
    field.value = 'leo.f';
    renderOverStaticScreen(container, <Form />);
    await waitFor(() => expect(container.querySelector('input')).not.toBe(field));
    const taken = container.querySelector('input')!;
    expect(taken.value).toBe('leo.f');
    expect(document.activeElement).toBe(taken);
  });

  it('moves the built page’s stylesheets to the head, ahead of those the next pages add', async () => {
    const container = builtPage();
    renderOverStaticScreen(container, <Form />);
    await waitFor(() => expect(linked(document.head)).toEqual(['/assets/index.css', '/assets/login.css']));
    // So the stylesheets the loader appends to the head for the next pages come after them and win.
    expect(linked(document.body)).toEqual([]);
  });
});
