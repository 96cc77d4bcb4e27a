import { useEffect, useState } from 'react';

/**
 * X10: a dialog mounted only while it is open gives focus back to the button that opened it when it goes away.
 * (Mantine's modal does so when `opened` turns false, not when the modal is removed.) The opener is read during the
 * first render, before the dialog's focus trap moves focus inside.
 */
export function useReturnFocus(): void {
  const [opener] = useState(() => openerOf(document.activeElement));
  useEffect(
    () => () => {
      // Only when focus was left behind (on <body>, or in the removed dialog), never taken from where the user went.
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (opener instanceof HTMLElement && opener.isConnected && lost) opener.focus();
    },
    [opener],
  );
}

/**
 * The element to give focus back to. A dialog chosen from a menu opens as the menu closes: its item goes away, so
 * focus goes back to the button the menu is labelled by (the one that opened it).
 */
function openerOf(focused: Element | null): Element | null {
  const menu = focused?.closest('[role="menu"]');
  const menuButtonId = menu?.getAttribute('aria-labelledby');
  return (menuButtonId && document.getElementById(menuButtonId)) || focused;
}
