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
});
