import { Select } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { SCHOOL_ID_PARAM } from '@/config/paths';
import { useSchools } from './api/get-schools';

/** The option for "no school chosen": class data of the whole district. */
const ALL_SCHOOLS = 'all';

/**
 * A department head's choice of school (docs/rules.md C28). It lives in the address as `school_id`, so
 * it survives a reload and can be shared as a link.
 */
export function SchoolPicker() {
  const [searchParams, setSearchParams] = useSearchParams();
  const schools = useSchools();
  const options = [
    { value: ALL_SCHOOLS, label: 'All schools' },
    ...(schools.data?.schools ?? []).map((school) => ({ value: String(school.id), label: school.name })),
  ];

  const choose = (value: string | null) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (value === null || value === ALL_SCHOOLS) next.delete(SCHOOL_ID_PARAM);
      else next.set(SCHOOL_ID_PARAM, value);
      return next;
    });

  return (
    <Select
      aria-label="School"
      data={options}
      value={searchParams.get(SCHOOL_ID_PARAM) ?? ALL_SCHOOLS}
      onChange={choose}
      allowDeselect={false}
      disabled={schools.isPending}
      leftSection={<IconBuilding size={20} aria-hidden />}
      w={{ base: '100%', sm: 300 }}
      error={schools.isError ? 'Schools could not be loaded' : undefined}
    />
  );
}
