import { useEffect, useState } from 'react';

/**
 * X10: a dialog mounted only while it is open gives focus back to the button that opened it when it goes away.
 * (Mantine's modal does so when `opened` turns false, not when the modal is removed.) The opener is read during the
 * first render, before the dialog's focus trap moves focus inside.
 */
export function useReturnFocus(): void {
  const [opener] = useState(() => document.activeElement);
  useEffect(
    () => () => {
      // Only when focus was left behind (on <body>, or in the removed dialog), never taken from where the user went.
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (opener instanceof HTMLElement && opener.isConnected && lost) opener.focus();
    },
    [opener],
  );
}
