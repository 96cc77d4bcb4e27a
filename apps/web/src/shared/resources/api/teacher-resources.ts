import type { getTeacherResources } from '@readalong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type TeacherResource = z.infer<typeof getTeacherResources.response>['resources'][number];
export type ResourceBlock = TeacherResource['blocks'][number];

export const teacherResourcesQueryOptions = () =>
  queryOptions({
    queryKey: ['teacher', 'resources'],
    queryFn: () => api('getTeacherResources'),
    // Guides change only with a new release of the server.
    staleTime: Infinity,
  });

export const useTeacherResources = () => useQuery(teacherResourcesQueryOptions());
