import { Button, Group, Pagination, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Loaded } from '@/components/loaded';
import { useAuth } from '@/lib/auth-store';
import { useClassList } from './api/classes';
import { useSchoolScope } from '@/shared/school-scope/school-scope';
import { STUDENTS_PAGE_SIZE, useStudentList } from './api/students';
import { DeleteAccounts } from './components/delete-accounts';
import { NewStudentsForm } from './components/new-students-form';
import { StudentActions } from './components/student-actions';
import { StudentTable } from './components/student-table';
import { useSelection } from './components/use-selection';
import { plural } from '@/lib/plural';

/** How long typing pauses before the search goes to the server. */
const SEARCH_PAUSE_MS = 300;

/**
 * Every student in the caller's scope (docs/rules.md C30), a page at a time: the server searches and pages, so a
 * school of thousands stays quick. Each student can be unlocked, reset or placed by hand; owners and department
 * heads also edit, disable or reset the password of each (C32) and delete several at once.
 */
export function ManageStudentsPage() {
  const { userRole } = useAuth();
  const scope = useSchoolScope();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_PAUSE_MS);
  const [page, setPage] = useState(0);
  const students = useStudentList({ scope, search: debouncedSearch, page });
  const [isAdding, setAdding] = useState(false);
  const rows = students.data?.students ?? [];
  const selection = useSelection(rows.map((student) => student.student_id));
  // Owners and department heads manage accounts (M10); teachers keep what they may do to their students.
  const isAdmin = userRole === 'owner' || userRole === 'department_head';

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <TextInput
          label="Find a student"
          description="Part of a name or username"
          leftSection={<IconSearch size={18} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(0);
          }}
          w={{ base: '100%', sm: 320 }}
        />
        <Group gap="sm" wrap="wrap">
          {isAdmin && (
            <DeleteAccounts
              chosen={rows
                .filter((row) => selection.isTicked(row.student_id))
                .map((row) => ({ id: row.student_id, label: `${row.name} (${row.username})` }))}
              title="Delete these students?"
              onDone={selection.clear}
            >
              Their accounts, reading, quizzes and recordings are deleted for good. Their licence seats are
              freed.
            </DeleteAccounts>
          )}
          {!isAdding && (
            <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={() => setAdding(true)}>
              New students
            </Button>
          )}
        </Group>
      </Group>
      {isAdding && <NewStudentsInClass onDone={() => setAdding(false)} />}
      <Loaded
        query={students}
        loadingLabel="Loading the students"
        errorTitle="The students could not be loaded"
      >
        {({ students: shown, total }) => (
          <Stack gap="md">
            {shown.length === 0 ? (
              <Text>{debouncedSearch ? `No student matches “${debouncedSearch}”.` : 'No students yet.'}</Text>
            ) : (
              <StudentTable
                students={shown}
                caption={pageCaption(page, shown.length, total)}
                selection={isAdmin ? selection : undefined}
                actions={(student) => <StudentActions student={student} managesAccount={isAdmin} />}
              />
            )}
            {total > STUDENTS_PAGE_SIZE && (
              <Pagination
                total={Math.ceil(total / STUDENTS_PAGE_SIZE)}
                value={page + 1}
                onChange={(chosen) => setPage(chosen - 1)}
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                getItemProps={(number) => ({ 'aria-label': `Page ${number}` })}
              />
            )}
          </Stack>
        )}
      </Loaded>
    </Stack>
  );
}

/** "Students 26–50 of 230". */
function pageCaption(page: number, shown: number, total: number): string {
  const first = page * STUDENTS_PAGE_SIZE + 1;
  if (total > shown) return `Students ${first}–${first + shown - 1} of ${total}`;
  return plural(total, 'student', 'students');
}

/** New students need a home class: chosen first, then the form for that class. */
function NewStudentsInClass({ onDone }: { onDone: () => void }) {
  const classes = useClassList(useSchoolScope());
  const [classId, setClassId] = useState<string | null>(null);
  return (
    <Stack gap="md">
      <Select
        label="Their class"
        placeholder="Choose a class"
        data={(classes.data ?? []).map((klass) => ({ value: String(klass.id), label: klass.name }))}
        value={classId}
        onChange={setClassId}
        searchable
        w={{ base: '100%', sm: 320 }}
      />
      {classId ? (
        <NewStudentsForm key={classId} classId={Number(classId)} onDone={onDone} />
      ) : (
        <Button variant="default" onClick={onDone} style={{ alignSelf: 'flex-start' }}>
          Cancel
        </Button>
      )}
    </Stack>
  );
}
