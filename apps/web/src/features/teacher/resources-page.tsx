import { ResourceLibrary } from '@/shared/resources/resource-library';

/** Teacher resources (docs/rules.md F13): the printable guides for a teacher's class and its families. */
export function TeacherResourcesPage() {
  return (
    <ResourceLibrary intro="Printable guides for you, your class and families. Open one to read it here." />
  );
}
