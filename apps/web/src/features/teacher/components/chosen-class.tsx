import { EmptyState, Select } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { QueriesError } from '@/components/load-error';
import { Loading } from '@/components/loading';
import { useRememberClass } from '@/shared/school-scope/last-class';
import { useSchoolScope, useScopedSearch } from '@/shared/school-scope/school-scope';
import { useClasses } from '../recordings/api/class-recordings';

type TaughtClass = NonNullable<ReturnType<typeof useClasses>['data']>[number];

/**
 * The teacher's class chosen in the address (`?class=`, the first by default), for the class and settings pages:
 * loading, an error and "no classes yet" are said here; `children` draws the chosen class, given its picker (shown
 * only to a teacher of several classes; choosing one starts the address afresh, keeping a department head's picked
 * school, whose classes alone are listed: docs/rules.md C28). The class chosen is remembered for Assigned (C48).
 */
export function ChosenClass({
  whenNone,
  children,
}: {
  whenNone: string;
  children: (chosen: TaughtClass, picker: ReactNode) => ReactNode;
}) {
  const [search, setSearch] = useSearchParams();
  const classes = useClasses(useSchoolScope());
  const scopedSearch = useScopedSearch();
  const named = classes.data?.find((klass) => klass.id === Number(search.get('class')));
  const chosen = named ?? classes.data?.[0];
  // C48: a class chosen (in the address) is remembered for Assigned; the first one shown by default is not.
  useRememberClass(named?.id);
  if (classes.isPending) return <Loading label="Loading your classes" />;
  if (classes.isError) return <QueriesError title="Your classes could not be loaded" queries={[classes]} />;
  if (classes.data.length === 0) {
    return (
      <EmptyState icon={<IconSchool aria-hidden />}>
        <EmptyState.Title order={2}>No classes yet</EmptyState.Title>
        <EmptyState.Description>{whenNone}</EmptyState.Description>
      </EmptyState>
    );
  }
  const picker = classes.data.length > 1 && (
    <Select
      label="Class"
      data={classes.data.map((klass) => ({ value: String(klass.id), label: klass.name }))}
      value={String(chosen!.id)}
      allowDeselect={false}
      onChange={(value) => value && setSearch(scopedSearch({ class: value }))}
    />
  );
  return children(chosen!, picker);
}
