/**
 * Every call in one map keyed by operation name, so `api('uploadRecording')` and the server's
 * `contracts.uploadRecording` name a call the same way. Each file under calls/ holds the calls of one server module
 * (`apps/server/src/modules/<module>/`), exported under their operation names (a test checks that), next to the
 * schemas they share (a call not served yet sits in the file of the module that will serve it).
 * calls/shared.ts holds schemas several modules' calls use and is not re-exported.
 */
import type { Contract } from './contract.js';
import * as auth from './calls/auth.js';
import * as account from './calls/account.js';
import * as support from './calls/support.js';
import * as staticData from './calls/static-data.js';
import * as students from './calls/students.js';
import * as goals from './calls/goals.js';
import * as reading from './calls/reading.js';
import * as quiz from './calls/quiz.js';
import * as library from './calls/library.js';
import * as alerts from './calls/alerts.js';
import * as assignments from './calls/assignments.js';
import * as reports from './calls/reports.js';
import * as activity from './calls/activity.js';
import * as outcomes from './calls/outcomes.js';
import * as notifications from './calls/notifications.js';
import * as recordings from './calls/recordings.js';
import * as districts from './calls/districts.js';
import * as classes from './calls/classes.js';
import * as school from './calls/school.js';
import * as licences from './calls/licences.js';
import * as rosterImport from './calls/roster-import.js';
import * as insights from './calls/insights.js';

export * from './calls/auth.js';
export * from './calls/account.js';
export * from './calls/support.js';
export * from './calls/static-data.js';
export * from './calls/students.js';
export * from './calls/goals.js';
export * from './calls/reading.js';
export * from './calls/quiz.js';
export * from './calls/library.js';
export * from './calls/alerts.js';
export * from './calls/assignments.js';
export * from './calls/reports.js';
export * from './calls/activity.js';
export * from './calls/outcomes.js';
export * from './calls/notifications.js';
export * from './calls/recordings.js';
export * from './calls/districts.js';
export * from './calls/classes.js';
export * from './calls/school.js';
export * from './calls/licences.js';
export * from './calls/roster-import.js';
export * from './calls/insights.js';

type ContractsOf<M> = { [K in keyof M as M[K] extends Contract ? K : never]: M[K] };

const isContract = (value: unknown): value is Contract =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'access' in value;

function contractsOf<M extends object>(module: M): ContractsOf<M> {
  return Object.fromEntries(
    Object.entries(module).filter(([, value]) => isContract(value)),
  ) as ContractsOf<M>;
}

/** The modules' calls, keyed by the module's folder name. */
export const callsByModule = {
  auth: contractsOf(auth),
  account: contractsOf(account),
  support: contractsOf(support),
  'static-data': contractsOf(staticData),
  students: contractsOf(students),
  goals: contractsOf(goals),
  reading: contractsOf(reading),
  quiz: contractsOf(quiz),
  library: contractsOf(library),
  alerts: contractsOf(alerts),
  assignments: contractsOf(assignments),
  reports: contractsOf(reports),
  activity: contractsOf(activity),
  outcomes: contractsOf(outcomes),
  notifications: contractsOf(notifications),
  recordings: contractsOf(recordings),
  districts: contractsOf(districts),
  classes: contractsOf(classes),
  school: contractsOf(school),
  licences: contractsOf(licences),
  'roster-import': contractsOf(rosterImport),
  insights: contractsOf(insights),
};

export const contracts = {
  ...callsByModule['auth'],
  ...callsByModule['account'],
  ...callsByModule['support'],
  ...callsByModule['static-data'],
  ...callsByModule['students'],
  ...callsByModule['goals'],
  ...callsByModule['reading'],
  ...callsByModule['quiz'],
  ...callsByModule['library'],
  ...callsByModule['alerts'],
  ...callsByModule['assignments'],
  ...callsByModule['reports'],
  ...callsByModule['activity'],
  ...callsByModule['outcomes'],
  ...callsByModule['notifications'],
  ...callsByModule['recordings'],
  ...callsByModule['districts'],
  ...callsByModule['classes'],
  ...callsByModule['school'],
  ...callsByModule['licences'],
  ...callsByModule['roster-import'],
  ...callsByModule['insights'],
};
export type Contracts = typeof contracts;
export type OperationName = keyof Contracts;
export const allContracts: readonly Contract[] = Object.values(contracts);
