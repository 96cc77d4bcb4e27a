/**
 * New accounts, made in bulk (docs/rules.md M7): usernames unique across the installation whatever their case,
 * passwords hashed before the transaction (Argon2 is slow by design), a password generated where none is given and
 * shown once. What the students module calls for its batch, rather than this module's repository.
 */
import { randomInt } from 'node:crypto';
import type { contracts, Role } from '@readalong/contracts';
import type { z } from 'zod';
import type { Executor } from '../../db/database.js';
import { hashPassword } from '../../platform/passwords.js';
import * as repo from './school.repository.js';

/** No 0/O, 1/l/I: a generated password is read off a screen and typed by a child. */
const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const GENERATED_LENGTH = 10;

export const generatePassword = () =>
  Array.from({ length: GENERATED_LENGTH }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join(
    '',
  );

export type AccountRow = z.output<typeof contracts.batchCreateStudents.body>['students'][number] & {
  email?: string | null | undefined;
};

export interface PlannedAccount {
  row: AccountRow;
  role: Role;
  schoolId: number | null;
  districtId: number;
}

/**
 * Names each row whose username is taken, or given twice in the batch, as `${fieldOf(index)}.username`.
 */
export async function usernameProblems(tx: Executor, rows: AccountRow[], fieldOf: (index: number) => string) {
  const problems: Record<string, string> = {};
  const taken = await repo.takenUsernames(
    tx,
    rows.map((row) => row.username.toLowerCase()),
  );
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const username = row.username.toLowerCase();
    if (taken.has(username)) problems[`${fieldOf(index)}.username`] = 'this username is taken';
    else if (seen.has(username)) problems[`${fieldOf(index)}.username`] = 'given twice in this list';
    seen.add(username);
  });
  return problems;
}

/** Hashes every password (generating those not given): done before the transaction that inserts them. */
export async function withPasswords(planned: PlannedAccount[]) {
  return Promise.all(
    planned.map(async (account) => {
      const generated = account.row.password === undefined ? generatePassword() : null;
      return { ...account, generated, hash: await hashPassword(account.row.password ?? generated!) };
    }),
  );
}
export type HashedAccount = Awaited<ReturnType<typeof withPasswords>>[number];

/** Inserts the accounts in the caller's transaction; answers them as the API shows a new account, in order. */
export async function insertAccounts(tx: Executor, accounts: HashedAccount[]) {
  const made = await repo.insertAccounts(
    tx,
    accounts.map(({ row, role, schoolId, districtId, hash }) => ({
      username: row.username,
      passwordHash: hash,
      role,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email ?? null,
      schoolId,
      districtId,
    })),
  );
  return made.map((user, index) => ({
    user_id: user.id,
    username: user.username,
    login_role: user.role,
    first_name: user.firstName,
    last_name: user.lastName,
    initial_password: accounts[index]!.generated,
  }));
}
