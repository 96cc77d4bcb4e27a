import { Box, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { usesSchoolScope } from '@/config/access';
import { staffMenuFor, type NavSection } from '@/config/navigation';
import { useAuth } from '@/lib/auth-store';
import { useScopedHref } from '@/shared/school-scope/school-scope';
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
 * menu link carries along (docs/rules.md C28).
 */
export function StaffLayout() {
  const { userRole } = useAuth();
  const hasSchoolScope = usesSchoolScope(userRole);
  const scoped = useScopedHref();

  return (
    <AreaShell
      menuLabel="Staff menu"
      menu={<StaffMenu sections={staffMenuFor(userRole)} linkTo={scoped} />}
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
