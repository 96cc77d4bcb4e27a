import type { PassageSummary } from '@readalong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/** Builder type 2: the power builders, the books a student reads (docs/rules.md R2). */
export const POWER_BUILDER_TYPE_ID = 2;

/** A book in a list, with the student's progress on it. */
export type BookSummary = z.infer<typeof PassageSummary>;

/** Every cached list of the student's books starts with this key, so one favourite change can reach them all. */
export const PASSAGES_KEY = ['worksheets', 'passages'] as const;

/**
 * The power builders at and around the signed-in student's level, with the student's progress on each
 * (GET /v1/worksheets/passage). `favourites` keeps only the books the student marked with a heart.
 */
export const passagesQueryOptions = ({ favourites = false }: { favourites?: boolean } = {}) =>
  queryOptions({
    queryKey: [...PASSAGES_KEY, { type_id: POWER_BUILDER_TYPE_ID, favourites }],
    queryFn: async () => {
      const { passages } = await api('listPassages', {
        query: { type_id: POWER_BUILDER_TYPE_ID, ...(favourites && { favourites: 'true' }) },
      });
      return passages;
    },
  });

/** The student's power builders (or only the favourites). */
export const usePassages = ({
  favourites,
  enabled = true,
}: { favourites?: boolean; enabled?: boolean } = {}) =>
  useQuery({ ...passagesQueryOptions({ favourites }), enabled });
