import { Skeleton } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from '@/components/load-error';
import classes from './loaded.module.css';

interface LoadedProps<T> {
  query: UseQueryResult<T>;
  /** What is loading, for screen readers: "Loading your books". */
  loadingLabel: string;
  /** What could not be loaded: "Your books could not be loaded". */
  errorTitle: string;
  skeletonHeight?: number;
  children: (data: T) => ReactNode;
}

/**
 * A query's faces in one place: a placeholder while it loads, the error with a retry, then the content; and while
 * a query that keeps its last answer (`keepPreviousData`) brings the next one (another page, sort or period), that
 * answer dimmed and marked busy, so a click that changed it is seen to have been heard. The mark is an element that
 * takes no box of its own, so the content keeps its place, its layout and the focus.
 */
export function Loaded<T>({
  query,
  loadingLabel,
  errorTitle,
  skeletonHeight = 120,
  children,
}: LoadedProps<T>) {
  if (query.isPending)
    return <Skeleton height={skeletonHeight} radius="md" role="status" aria-label={loadingLabel} />;
  if (query.isError)
    return <LoadError title={errorTitle} error={query.error} retry={() => void query.refetch()} />;
  return (
    <div className={classes.content} aria-busy={query.isPlaceholderData || undefined}>
      {children(query.data)}
    </div>
  );
}
