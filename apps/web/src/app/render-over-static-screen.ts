/**
 * docs/rules.md B9: the app takes over a screen the build rendered (app/static-first-screen.tsx). It renders over
 * it in one go once the router has loaded what that screen shows, so the same pixels stay (no blank, no loader, no
 * shift), and what the visitor did meanwhile carries over: the text typed into each field, and where the focus was.
 */
import { startTransition, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

const FIELDS = 'input, textarea';
type TextField = HTMLInputElement | HTMLTextAreaElement;
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

export function renderOverStaticScreen(container: HTMLElement, app: ReactNode): void {
  let lastFocused = document.activeElement;
  const followFocus = (event: FocusEvent) => (lastFocused = event.target as Element);
  container.addEventListener('focusin', followFocus);
  // The commit replaces the built markup in one go; what was done on it is read from the nodes it took out.
  const replaced = new MutationObserver((records) => {
    replaced.disconnect();
    container.removeEventListener('focusin', followFocus);
    const built = records.flatMap((record) => [...record.removedNodes]);
    carryOver(container, built, lastFocused);
  });
  replaced.observe(container, { childList: true });
  // The page is on the screen already: React renders it in short slices, leaving the browser free to answer
  // the visitor meanwhile (B5); until the commit, the built page is the one they use.
  startTransition(() => createRoot(container).render(app));
}

/** The elements matching `selector` among `nodes` and inside them, in document order. */
const matching = (nodes: readonly Node[], selector: string): Element[] =>
  nodes.flatMap((node) =>
    node instanceof Element
      ? [node, ...node.querySelectorAll(selector)].filter((el) => el.matches(selector))
      : [],
  );

/**
 * Gives the app's fields what was typed into the built ones (same markup, same places), and the focus to the
 * counterpart of the built element that had it, unless the visitor has moved it elsewhere since.
 */
function carryOver(container: HTMLElement, built: readonly Node[], lastFocused: Element | null): void {
  const typed = matching(built, FIELDS) as TextField[];
  (matching([...container.children], FIELDS) as TextField[]).forEach((field, index) => {
    const value = typed[index]?.value;
    if (value && field.value !== value) typeInto(field, value);
  });
  const focused = lastFocused ? matching(built, FOCUSABLE).indexOf(lastFocused) : -1;
  const isFocusFree = !document.activeElement || document.activeElement === document.body;
  if (focused >= 0 && isFocusFree)
    (matching([...container.children], FOCUSABLE)[focused] as HTMLElement).focus();
}

/**
 * Sets a field's value the way typing does, so React's onChange (and the form's state) hears of it: through the
 * element's own setter, past the one React puts on the field to tell its changes from the user's.
 */
function typeInto(field: TextField, value: string): void {
  Reflect.set(Object.getPrototypeOf(field) as object, 'value', value, field);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
