import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { SchoolScope } from '@/shared/school-scope/school-scope';

/** The schools an owner (their own) or a department head (the district's) manages, with their numbers. */
export const useManagedSchools = () =>
  useQuery({ queryKey: ['school', 'list'], queryFn: async () => (await api('listSchools')).schools });

const licenceQuery = <T>(what: string, scope: SchoolScope, fetch: () => Promise<T>) =>
  queryOptions({ queryKey: ['school', 'licences', what, scope], queryFn: fetch });

export const useLicencePacks = (scope: SchoolScope) =>
  useQuery(
    licenceQuery('packs', scope, async () => (await api('getLicensePacks', { query: scope })).license_packs),
  );

export const useLicenceUsage = (scope: SchoolScope) =>
  useQuery(licenceQuery('usage', scope, () => api('getLicensePackUsage', { query: scope })));

export const useLicenceHistory = (scope: SchoolScope) =>
  useQuery(
    licenceQuery(
      'history',
      scope,
      async () => (await api('getLicensePackUsageHistory', { query: scope })).history,
    ),
  );
