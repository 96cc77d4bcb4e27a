import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { showToast } from '@/lib/toasts';
import { PASSAGES_KEY, type BookSummary } from './list-passages';

export interface FavouriteChange {
  passageId: number;
  favourite: boolean;
}

/** Adds a book to the signed-in student's favourites, or removes it (POST /v1/worksheets/passage/{id}/favourite). */
export function favouritePassage({ passageId, favourite }: FavouriteChange) {
  return api('favouritePassage', { params: { id: passageId }, body: { favourite } });
}

/**
 * Favourites a book at once on screen (every cached list), puts it back if the server refuses, and asks for the
 * lists again either way so they match the server.
 */
export function useFavouritePassage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: favouritePassage,
    onMutate: async ({ passageId, favourite }) => {
      await queryClient.cancelQueries({ queryKey: PASSAGES_KEY });
      const previous = queryClient.getQueriesData<BookSummary[]>({ queryKey: PASSAGES_KEY });
      queryClient.setQueriesData<BookSummary[]>({ queryKey: PASSAGES_KEY }, (books) =>
        books?.map((book) => (book.id === passageId ? { ...book, is_favourited: favourite } : book)),
      );
      return { previous };
    },
    onError: (_error, _change, context) => {
      for (const [key, books] of context?.previous ?? []) queryClient.setQueryData(key, books);
      showToast({ type: 'negative', message: 'Your favourites could not be changed. Please try again.' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: PASSAGES_KEY }),
  });
}
