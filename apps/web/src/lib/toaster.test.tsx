import { TOAST_POSITIONS } from '@readalong/contracts';
import { MantineProvider } from '@mantine/core';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toaster } from './toaster';
import { showToast, updateToast } from './toasts';

function renderToaster() {
  const { container } = render(
    <MantineProvider>
      <Toaster />
    </MantineProvider>,
  );
  return container;
}

describe('<Toaster />', () => {
  it('has a fixed stack for each of the nine positions, never wider than the screen', () => {
    renderToaster();

    const stacks = TOAST_POSITIONS.map((position) =>
      document.querySelector(`[data-toast-position="${position}"]`),
    );
    for (const stack of stacks) {
      expect(stack).toHaveStyle({ position: 'fixed' });
      expect(stack).toHaveStyle({ width: '100%', maxWidth: '420px', boxSizing: 'border-box' });
    }
  });

  it('announces a message politely, with its title and a spoken type', () => {
    renderToaster();

    act(() => void showToast({ type: 'positive', title: 'Done', message: 'Your class was saved.' }));

    const toast = screen.getByRole('status');
    expect(toast).toHaveAttribute('aria-live', 'polite');
    expect(toast).toHaveTextContent('Done');
    expect(toast).toHaveTextContent('Success: Your class was saved.');
  });

  it('announces a negative message as an alert', () => {
    renderToaster();

    act(() => void showToast({ type: 'negative', message: 'You have been logged out!' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Error: You have been logged out!');
  });

  it('puts a toast in the stack of its position', () => {
    renderToaster();

    act(() => void showToast({ type: 'info', message: 'Top left', position: 'top-left' }));

    const stack = document.querySelector<HTMLElement>('[data-toast-position="top-left"]')!;
    expect(within(stack).getByRole('status')).toHaveTextContent('Top left');
    expect(document.querySelector('[data-toast-position="bottom"]')).toBeEmptyDOMElement();
  });

  it('closes with its close button', async () => {
    const user = userEvent.setup();
    renderToaster();
    act(() => void showToast({ type: 'warning', message: 'Check the names.' }));

    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));

    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows a spinner while ongoing and the result after an update', () => {
    renderToaster();
    let id = '';
    act(() => void (id = showToast({ type: 'ongoing', message: 'Importing 30 students…' })));

    const toast = screen.getByRole('status');
    expect(toast).toHaveTextContent('In progress: Importing 30 students…');
    expect(toast.querySelector('.mantine-Loader-root')).toBeInTheDocument();

    act(() => updateToast(id, { type: 'positive', message: '30 students imported.' }));

    expect(screen.getByRole('status')).toHaveTextContent('Success: 30 students imported.');
    expect(screen.getByRole('status').querySelector('.mantine-Loader-root')).not.toBeInTheDocument();
  });

  it('shows an icon as well as a colour for each type but ongoing', () => {
    renderToaster();

    act(() => {
      for (const type of ['positive', 'negative', 'warning', 'info'] as const)
        showToast({ type, message: type });
    });

    for (const toast of document.querySelectorAll('[data-toast-type]')) {
      expect(toast.querySelector('svg')).toBeInTheDocument();
    }
    expect(document.querySelectorAll('[data-toast-type]')).toHaveLength(4);
  });
});
