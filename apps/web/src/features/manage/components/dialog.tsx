/** The app's dialog lives in components/ now, where the account pages' dialogs reach it too. */
export { Dialog } from '@/components/dialog';
