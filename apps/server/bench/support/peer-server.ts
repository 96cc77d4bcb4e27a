/**
 * The physical peer of an authenticated read: bare Fastify (no plugins, no logger, no schemas) with a node-postgres
 * pool of the product's size, doing the same primary-key reads as GET /v2/students/user-details — the session with
 * its user, then the student — as named prepared statements (as the product sends them), for the student and session
 * named in the environment, and answering the same JSON.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { POOL_SIZE } from '../../src/db/database.js';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: POOL_SIZE });
const userId = Number(process.env.PEER_USER_ID);
const sessionId = process.env.PEER_SESSION_ID!;
const app = Fastify();

app.get('/peer', async () => {
  const owner = await pool.query({
    name: 'peer_session_owner',
    text: `select u.role, u.school_id, u.district_id, u.is_disabled, u.password_version, s.revoked_reason, s.revoked_at
       from sessions s join users u on u.id = s.user_id where s.id = $1 and s.user_id = $2`,
    values: [sessionId, userId],
  });
  if (owner.rowCount !== 1) throw new Error('no session');
  const { rows } = await pool.query({
    name: 'peer_student',
    text: `select colour_band_id, series_id, coins, read_aloud_enabled, narration_enabled, home_class_id,
            placement_test_id from students where user_id = $1`,
    values: [userId],
  });
  const student = rows[0] as Record<string, unknown>;
  return {
    colour_band_id: student.colour_band_id,
    series_id: student.series_id,
    coins: student.coins,
    read_aloud_enabled: student.read_aloud_enabled,
    narration_enabled: student.narration_enabled,
    class_id: student.home_class_id,
    placement_test_id: student.placement_test_id,
  };
});

process.on('SIGINT', () => {
  void app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
});
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST });
