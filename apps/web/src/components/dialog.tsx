import { Modal, type ModalProps } from '@mantine/core';
import { useReturnFocus } from './use-return-focus';

/**
 * A modal whose close button has a name (axe: button-name); the theme names no component (docs/rules.md B2). Mounted
 * only while open, it still gives focus back to its button (X10).
 */
export function Dialog(props: ModalProps) {
  useReturnFocus();
  return <Modal closeButtonProps={{ 'aria-label': 'Close' }} {...props} />;
}
