import { Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useAuth } from '@/lib/auth-store';
import { useSchoolScope } from '@/shared/school-scope/school-scope';
import { ImportFileStep } from './components/import-file-step';
import { ImportJob } from './components/import-job';

/** The address names the import being shown, so a reload or a shared link comes back to the same job. */
const IMPORT_PARAM = 'import';

/**
 * Roster import (docs/rules.md C33): choose a file, check the dry run's problems or changes, then add it to the
 * school. Owners import into their school; a department head names the school.
 */
export function ImportPage() {
  const { userRole } = useAuth();
  // Teachers may open the area but not the import's calls (owners and department heads only).
  if (userRole === 'teacher') return <Text>Your school’s owner or department head imports its roster.</Text>;
  return <RosterImport isDistrictHead={userRole === 'department_head'} />;
}

function RosterImport({ isDistrictHead }: { isDistrictHead: boolean }) {
  const scope = useSchoolScope();
  const [searchParams, setSearchParams] = useSearchParams();
  const importId = Number(searchParams.get(IMPORT_PARAM)) || null;

  const showImport = (id: number | null) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (id === null) next.delete(IMPORT_PARAM);
      else next.set(IMPORT_PARAM, String(id));
      return next;
    });

  return (
    <Stack gap="lg">
      {importId === null ? (
        <ImportFileStep
          scope={scope}
          choosesSchool={isDistrictHead}
          onStarted={(job) => showImport(job.id)}
        />
      ) : (
        <ImportJob id={importId} isDistrictHead={isDistrictHead} onStartOver={() => showImport(null)} />
      )}
    </Stack>
  );
}
