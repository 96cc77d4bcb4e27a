import { Skeleton } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from '@/components/load-error';

interface LoadedProps<T> {
  query: UseQueryResult<T>;
  /** What is loading, for screen readers: "Loading your books". */
  loadingLabel: string;
  /** What could not be loaded: "Your books could not be loaded". */
  errorTitle: string;
  skeletonHeight?: number;
  children: (data: T) => ReactNode;
}

/** A query's three faces in one place: a placeholder while it loads, the error with a retry, then the content. */
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
  return children(query.data);
}
