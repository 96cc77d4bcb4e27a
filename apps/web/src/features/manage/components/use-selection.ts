import { useState } from 'react';

/** Rows ticked in a table, by id; ids no longer shown are dropped when the rows change. */
export function useSelection(shownIds: readonly number[]) {
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const selected = shownIds.filter((id) => ticked.has(id));
  const toggle = (id: number) =>
    setTicked((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allTicked = shownIds.length > 0 && selected.length === shownIds.length;
  const toggleAll = () => setTicked(allTicked ? new Set() : new Set(shownIds));
  const clear = () => setTicked(new Set());
  return { selected, isTicked: (id: number) => ticked.has(id), toggle, toggleAll, allTicked, clear };
}
