/**
 * Shows the toasts of lib/toasts.ts: nine fixed stacks, one per position. Mount `<Toaster />` once, inside
 * MantineProvider. Each toast has a colour *and* an icon and a spoken type word, so colour is never the only cue.
 */
import { Box, Notification, VisuallyHidden, getDefaultZIndex, type MantineColor } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';
import { TOAST_POSITIONS } from '@readalong/contracts';
import {
  dismissToast,
  pauseToast,
  resumeToast,
  useToasts,
  type Toast,
  type ToastPosition,
  type ToastType,
} from './toasts';

interface Look {
  color: MantineColor;
  icon: ReactNode;
  /** Read before the message, for those who cannot see the colour or icon. */
  spokenType: string;
}

const ICON_SIZE = 20;

/** Shades that keep a white icon at 4.5:1 or better. */
const LOOKS: Record<ToastType, Look> = {
  positive: { color: 'green.9', icon: <IconCheck size={ICON_SIZE} aria-hidden />, spokenType: 'Success' },
  negative: { color: 'red.9', icon: <IconX size={ICON_SIZE} aria-hidden />, spokenType: 'Error' },
  warning: {
    color: 'orange.9',
    icon: <IconAlertTriangle size={ICON_SIZE} aria-hidden />,
    spokenType: 'Warning',
  },
  info: {
    color: 'indigo.7',
    icon: <IconInfoCircle size={ICON_SIZE} aria-hidden />,
    spokenType: 'Information',
  },
  ongoing: { color: 'indigo.7', icon: null, spokenType: 'In progress' },
};

const PLACEMENTS: Record<ToastPosition, CSSProperties> = {
  'top-left': { top: 0, left: 0 },
  'top-right': { top: 0, right: 0 },
  'bottom-left': { bottom: 0, left: 0 },
  'bottom-right': { bottom: 0, right: 0 },
  top: { top: 0, left: '50%', transform: 'translateX(-50%)' },
  bottom: { bottom: 0, left: '50%', transform: 'translateX(-50%)' },
  left: { top: '50%', left: 0, transform: 'translateY(-50%)' },
  right: { top: '50%', right: 0, transform: 'translateY(-50%)' },
  center: { top: '50%', left: '50%', transform: 'translate(-50%, -50%)' },
};

/** The nine toast stacks. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <>
      {TOAST_POSITIONS.map((position) => (
        <ToastStack
          key={position}
          position={position}
          toasts={toasts.filter((t) => t.position === position)}
        />
      ))}
    </>
  );
}

function ToastStack({ position, toasts }: { position: ToastPosition; toasts: readonly Toast[] }) {
  return (
    <Box
      data-toast-position={position}
      style={{
        ...PLACEMENTS[position],
        position: 'fixed',
        zIndex: getDefaultZIndex('max'),
        // Never wider than the screen: on a 360 px phone a toast takes the full width less the padding.
        width: '100%',
        maxWidth: 420,
        boxSizing: 'border-box',
        padding: 'var(--mantine-spacing-sm)',
        display: 'flex',
        flexDirection: 'column',
        gap: 'var(--mantine-spacing-xs)',
        // The empty parts of a stack must not block clicks on the page below.
        pointerEvents: 'none',
      }}
    >
      {toasts.map((toast) => (
        <ToastCard key={toast.id} toast={toast} />
      ))}
    </Box>
  );
}

function ToastCard({ toast }: { toast: Toast }) {
  const look = LOOKS[toast.type];
  const isUrgent = toast.type === 'negative';
  return (
    <Notification
      role={isUrgent ? 'alert' : 'status'}
      aria-live={isUrgent ? 'assertive' : 'polite'}
      color={look.color}
      icon={look.icon}
      loading={toast.type === 'ongoing'}
      title={toast.title}
      withBorder
      data-toast-type={toast.type}
      onClose={() => dismissToast(toast.id)}
      closeButtonProps={{ 'aria-label': 'Dismiss notification', size: 'xl' }}
      onMouseEnter={() => pauseToast(toast.id)}
      onMouseLeave={() => resumeToast(toast.id)}
      onFocus={() => pauseToast(toast.id)}
      onBlur={() => resumeToast(toast.id)}
      style={{ pointerEvents: 'auto' }}
      styles={{
        description: { fontSize: 'var(--mantine-font-size-md)', color: 'var(--mantine-color-text)' },
      }}
    >
      <VisuallyHidden>{look.spokenType}: </VisuallyHidden>
      {toast.message}
    </Notification>
  );
}
