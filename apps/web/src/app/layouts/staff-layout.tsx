import { Box, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { usesSchoolScope } from '@/config/access';
import { staffMenuFor, type NavSection } from '@/config/navigation';
import { SCHOOL_ID_PARAM, withSchoolScope } from '@/config/paths';
import { useAuth } from '@/lib/auth-store';
import { AreaShell } from './area-shell';
import { NavMenu, currentHref } from './nav-menu';

/**
 * Only department heads pick a school: its code (Mantine's Select, Combobox, Popover) loads for them alone, not with
 * every staff member's first screen (docs/rules.md B2). Until it has, its place is kept, so the header does not move.
 */
const SchoolPicker = lazy(async () => ({
  default: (await import('@/features/district/school-picker')).SchoolPicker,
}));
const schoolPicker = (
  <Suspense fallback={<Box w={{ base: '100%', sm: 300 }} h={42} />}>
    <SchoolPicker />
  </Suspense>
);

/**
 * The frame of the teacher, management, insights, district and assignment areas. The menu shows the areas the
 * user's role may open (the district only to department heads); a department head also picks a school, which every
 * menu link carries along.
 */
export function StaffLayout() {
  const { userRole } = useAuth();
  const [searchParams] = useSearchParams();
  const hasSchoolScope = usesSchoolScope(userRole);
  const schoolId = hasSchoolScope ? searchParams.get(SCHOOL_ID_PARAM) : null;

  return (
    <AreaShell
      menuLabel="Staff menu"
      menu={
        <StaffMenu sections={staffMenuFor(userRole)} linkTo={(href) => withSchoolScope(href, schoolId)} />
      }
      tools={hasSchoolScope ? schoolPicker : undefined}
    />
  );
}

function StaffMenu({ sections, linkTo }: { sections: NavSection[]; linkTo: (href: string) => string }) {
  const { pathname } = useLocation();
  const current = currentHref(
    sections.flatMap((section) => section.items.map((item) => item.href)),
    pathname,
  );
  return (
    <Stack gap="md">
      {sections.map((section) => {
        const labelId = `menu-section-${section.label.toLowerCase()}`;
        return (
          <Box key={section.label}>
            <Text id={labelId} size="sm" fw={700} tt="uppercase" c="dimmed" px="sm" mb={4}>
              {section.label}
            </Text>
            <NavMenu items={section.items} current={current} linkTo={linkTo} labelledBy={labelId} />
          </Box>
        );
      })}
    </Stack>
  );
}
