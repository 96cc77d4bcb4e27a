import type { Role } from '@readalong/contracts';

/** Who is asking: resolved from the access token and checked against the database on every request. */
export interface Actor {
  userId: number;
  role: Role;
  schoolId: number | null;
  districtId: number;
  sessionId: string;
}
