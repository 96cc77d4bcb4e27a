import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { renderOverStaticScreen } from './render-over-static-screen';

function Form() {
  const [name, setName] = useState('');
  return (
    <form>
      <input aria-label="Username" value={name} onChange={(event) => setName(event.target.value)} />
      <button type="button">Sign in</button>
    </form>
  );
}

/** A page as the build writes it (B9): the screen's markup in #root. */
function builtPage() {
  const container = document.createElement('div');
  container.innerHTML =
    '<form><input aria-label="Username" value=""><button type="button" disabled>Sign in</button></form>';
  document.body.append(container);
  return container;
}

afterEach(() => {
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
});
