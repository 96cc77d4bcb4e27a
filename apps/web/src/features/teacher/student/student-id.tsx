import { Anchor, EmptyState } from '@mantine/core';
import { IconUserQuestion } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useScopedHref } from '@/shared/school-scope/school-scope';

/** The student id of the address, or null when it is not one (a mistyped link). */
export function studentIdOf(param: string | undefined): number | null {
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function StudentNotFound() {
  const scoped = useScopedHref();
  return (
    <EmptyState icon={<IconUserQuestion aria-hidden />}>
      <EmptyState.Title order={2}>No such student</EmptyState.Title>
      <EmptyState.Description>
        This link does not name a student.{' '}
        <Anchor component={Link} to={scoped(paths.teacher.students.getHref())}>
          Choose one from your students
        </Anchor>
        .
      </EmptyState.Description>
    </EmptyState>
  );
}
