import { ResourceLibrary } from '@/shared/resources/resource-library';

/**
 * District resources (docs/rules.md C45): the staff's printable guides (F13) for a department head to pass on to their
 * schools — the levels guide with the library's colour-band chart, the letter for families, the running-record guide
 * and the classroom routine card.
 */
export function DistrictResourcesPage() {
  return (
    <ResourceLibrary intro="Printable guides to share with your schools: how levels work with the library’s colour-band chart, the letter for families, and guides for teachers. Open one to read it here, print it, or download it to send on." />
  );
}
