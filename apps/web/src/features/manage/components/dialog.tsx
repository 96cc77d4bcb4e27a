import { Modal, type ModalProps } from '@mantine/core';

/** A modal whose close button has a name (axe: button-name); the theme names no component (docs/rules.md B2). */
export function Dialog(props: ModalProps) {
  return <Modal closeButtonProps={{ 'aria-label': 'Close' }} {...props} />;
}
