/**
 * Every call of SPEC.md §7 (and our own few beyond it, calls/districts.ts), in one map keyed by operation name. Each module under calls/ exports its contracts
 * under their operation names (a test checks that), next to the schemas they share.
 */
import type { Contract } from './contract.js';
import * as auth from './calls/auth.js';
import * as staticData from './calls/static-data.js';
import * as students from './calls/students.js';
import * as worksheets from './calls/worksheets.js';
import * as classes from './calls/classes.js';
import * as school from './calls/school.js';
import * as districts from './calls/districts.js';

export * from './calls/auth.js';
export * from './calls/static-data.js';
export * from './calls/students.js';
export * from './calls/worksheets.js';
export * from './calls/classes.js';
export * from './calls/school.js';
export * from './calls/districts.js';

type ContractsOf<M> = { [K in keyof M as M[K] extends Contract ? K : never]: M[K] };

const isContract = (value: unknown): value is Contract =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'access' in value;

function contractsOf<M extends object>(module: M): ContractsOf<M> {
  return Object.fromEntries(
    Object.entries(module).filter(([, value]) => isContract(value)),
  ) as ContractsOf<M>;
}

export const contracts = {
  ...contractsOf(auth),
  ...contractsOf(staticData),
  ...contractsOf(students),
  ...contractsOf(worksheets),
  ...contractsOf(classes),
  ...contractsOf(school),
  ...contractsOf(districts),
};
export type Contracts = typeof contracts;
export type OperationName = keyof Contracts;
export const allContracts: readonly Contract[] = Object.values(contracts);
