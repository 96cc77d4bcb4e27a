import { fireEvent, render, screen } from '@testing-library/react';
import { useEffect, useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useReturnFocus } from './use-return-focus';

/** Takes focus when it opens, as a modal's focus trap does. */
function Panel({ onClose }: { onClose: () => void }) {
  useReturnFocus();
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => close.current?.focus(), []);
  return (
    <div role="dialog" aria-label="Marks">
      <button ref={close} onClick={onClose}>
        Close
      </button>
    </div>
  );
}

/** A dialog mounted only while open, as the student's marks are. */
function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>See your marks</button>
      {open && <Panel onClose={() => setOpen(false)} />}
    </>
  );
}

describe('useReturnFocus (X10)', () => {
  it('gives focus back to the button that opened a dialog when the dialog is removed', () => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'See your marks' });
    opener.focus();
    fireEvent.click(opener);
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('gives focus back to the menu’s button when the dialog was chosen from a menu', () => {
    function MenuOpener() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button id="row-actions">Actions for Ben</button>
          {/* The menu closes as its item opens the dialog: the item is gone when the dialog is. */}
          {!open && (
            <div role="menu" aria-labelledby="row-actions">
              <button role="menuitem" onClick={() => setOpen(true)}>
                Edit…
              </button>
            </div>
          )}
          {open && <Panel onClose={() => setOpen(false)} />}
        </>
      );
    }
    render(<MenuOpener />);
    const item = screen.getByRole('menuitem', { name: 'Edit…' });
    item.focus();
    fireEvent.click(item);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('button', { name: 'Actions for Ben' })).toHaveFocus();
  });
});
