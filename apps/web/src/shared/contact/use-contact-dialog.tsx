import { lazy, Suspense, useState } from 'react';

// The form's code (its rules come from the contracts) loads when someone first asks to write (docs/rules.md B1).
const ContactDialog = lazy(() => import('./contact-dialog'));

/** “Contact us” for a link or a menu item: `open` shows the dialog, which the caller renders as `dialog`. */
export function useContactDialog(isSignedIn: boolean) {
  const [isOpen, setOpen] = useState(false);
  return {
    open: () => setOpen(true),
    dialog: isOpen && (
      <Suspense fallback={null}>
        <ContactDialog isSignedIn={isSignedIn} onClose={() => setOpen(false)} />
      </Suspense>
    ),
  };
}
