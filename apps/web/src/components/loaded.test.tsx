import { MantineProvider } from '@mantine/core';
import { keepPreviousData, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Loaded } from './loaded';

interface Answer {
  promise: Promise<string>;
  resolve: (text: string) => void;
}

/** An answer the test gives when it chooses (Promise.withResolvers needs Node 22). */
function answer(): Answer {
  let resolve: (text: string) => void = () => undefined;
  const promise = new Promise<string>((settle) => (resolve = settle));
  return { promise, resolve };
}

/** A page of a list, each page answered when the test says so. */
function Pages({ answers }: { answers: Map<number, Answer> }) {
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['page', page],
    queryFn: () => answers.get(page)!.promise,
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <button type="button" onClick={() => setPage(2)}>
        Next page
      </button>
      <Loaded query={query} loadingLabel="Loading the page" errorTitle="The page could not be loaded">
        {(text) => <p>{text}</p>}
      </Loaded>
    </>
  );
}

describe('Loaded', () => {
  it('keeps the last answer, dimmed and marked busy, while the next one comes', async () => {
    const answers = new Map([1, 2].map((page) => [page, answer()]));
    render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient()}>
          <Pages answers={answers} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(screen.getByRole('status', { name: 'Loading the page' })).toBeInTheDocument();
    act(() => answers.get(1)!.resolve('Page one'));
    const busy = () => screen.getByText(/^Page/).closest('[aria-busy]');
    expect(await screen.findByText('Page one')).toBeInTheDocument();
    expect(busy()).toBeNull();

    const next = screen.getByRole('button', { name: 'Next page' });
    act(() => next.click());
    await waitFor(() => expect(busy()).toHaveAttribute('aria-busy', 'true'));
    expect(screen.getByText('Page one')).toBeInTheDocument();

    act(() => answers.get(2)!.resolve('Page two'));
    expect(await screen.findByText('Page two')).toBeInTheDocument();
    expect(busy()).toBeNull();
  });
});
