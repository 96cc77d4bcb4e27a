DROP INDEX "student_outcome_days_period_idx";--> statement-breakpoint
ALTER TABLE "student_outcome_days" ADD COLUMN "previous_day" date;--> statement-breakpoint
CREATE INDEX "student_outcome_days_period_idx" ON "student_outcome_days" USING btree ("day","student_id","learning_outcome_id","marks","max_marks","answered","previous_day");--> statement-breakpoint
-- previous_day (IN9): the student's latest earlier day with a row for the same outcome. Of a student's rows for an
-- outcome in a period, exactly one has its previous day before the period (or none): their first there. So the
-- students who answered an outcome over a period are a filtered count of its rows, where count(DISTINCT student_id)
-- sorted them (a district's 28 days: 250,000 rows, spilling to disk). Written by hand after drizzle-kit's statements.
--
-- A rebuild now takes the students' rows FOR NO KEY UPDATE first, in order: a previous day links rows of other days,
-- so two transactions rebuilding one student (a teacher's mark while the student hands in a quiz) must not each link
-- without the other's rows; the second waits, and its statements then see the first's. school_days' trigger takes
-- the same lock (it took FOR SHARE, migration 0016), so one transaction firing both never waits for the other's.
CREATE FUNCTION "students_lock"("students" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    SELECT 1 FROM "students" WHERE "user_id" IN (SELECT student_id FROM (%s) t) ORDER BY "user_id" FOR NO KEY UPDATE
  $q$, "students")
$$;
--> statement-breakpoint
-- The rows of the day inserted link to each other; the link below fixes those an earlier day already there changes.
CREATE OR REPLACE FUNCTION "student_outcome_days_fill"("touched" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    INSERT INTO "student_outcome_days" ("student_id", "day", "learning_outcome_id", "marks", "max_marks", "answered",
      "previous_day")
    SELECT w.student_id, t.day, q.learning_outcome_id, sum(g.marks), sum(g.max_marks),
      count(DISTINCT (g.worksheet_id, g.question_id)),
      lag(t.day) OVER (PARTITION BY w.student_id, q.learning_outcome_id ORDER BY t.day)
    FROM (SELECT DISTINCT student_id, day FROM (%s) t WHERE day IS NOT NULL
      AND student_id IN (SELECT "user_id" FROM "students")) t
    JOIN "worksheets" w ON w.student_id = t.student_id AND (w.quiz_submitted_at AT TIME ZONE 'UTC')::date = t.day
    JOIN "gradings" g ON g.worksheet_id = w.id AND g.marks IS NOT NULL
    JOIN "question_learning_outcomes" q ON q.question_id = g.question_id
    GROUP BY w.student_id, t.day, q.learning_outcome_id
    ORDER BY w.student_id, t.day, q.learning_outcome_id
    ON CONFLICT ("student_id", "day", "learning_outcome_id") DO UPDATE SET "marks" = excluded."marks",
      "max_marks" = excluded."max_marks", "answered" = excluded."answered"
  $q$, "touched")
$$;
--> statement-breakpoint
-- Only a touched student's rows from their earliest touched day on can have another previous day.
CREATE FUNCTION "student_outcome_days_link"("touched" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    UPDATE "student_outcome_days" d SET "previous_day" = l.previous_day
    FROM (
      SELECT o.student_id, o.day, o.learning_outcome_id, t.since,
        lag(o.day) OVER (PARTITION BY o.student_id, o.learning_outcome_id ORDER BY o.day) AS previous_day
      FROM "student_outcome_days" o
      JOIN (SELECT student_id, min(day) AS since FROM (%s) t GROUP BY student_id) t ON t.student_id = o.student_id
    ) l
    WHERE l.day >= l.since AND d.student_id = l.student_id AND d.day = l.day
      AND d.learning_outcome_id = l.learning_outcome_id AND d.previous_day IS DISTINCT FROM l.previous_day
  $q$, "touched")
$$;
--> statement-breakpoint
-- A rebuild's statements in order, run by the trigger function itself in one EXECUTE (it alone sees the statement's
-- rows); each statement of the string takes a new snapshot, so those after the lock see what it waited for.
CREATE FUNCTION "student_outcome_days_rebuild"("touched" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT concat_ws(';', "students_lock"("touched"), "student_outcome_days_clear"("touched"),
    "student_outcome_days_fill"("touched"), "student_outcome_days_link"("touched"))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "gradings_roll_outcome_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE "student_outcome_days_rebuild"(format($q$
    SELECT w.student_id, (w.quiz_submitted_at AT TIME ZONE 'UTC')::date AS day
    FROM %s g JOIN "worksheets" w ON w.id = g.worksheet_id
  $q$, "student_days_changes"(TG_OP)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "worksheets_roll_outcome_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE "student_outcome_days_rebuild"(CASE TG_OP
    WHEN 'DELETE' THEN $q$
      SELECT student_id, (quiz_submitted_at AT TIME ZONE 'UTC')::date AS day FROM old_rows
    $q$
    ELSE $q$
      SELECT x.student_id, (x.quiz_submitted_at AT TIME ZONE 'UTC')::date AS day
      FROM new_rows n JOIN old_rows o ON o.id = n.id,
        LATERAL (VALUES (n.student_id, n.quiz_submitted_at), (o.student_id, o.quiz_submitted_at)) x(student_id, quiz_submitted_at)
      WHERE (n.student_id, n.quiz_submitted_at) IS DISTINCT FROM (o.student_id, o.quiz_submitted_at)
    $q$
  END);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "question_learning_outcomes_roll_outcome_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE "student_outcome_days_rebuild"(format($q$
    SELECT w.student_id, (w.quiz_submitted_at AT TIME ZONE 'UTC')::date AS day
    FROM "gradings" g JOIN "worksheets" w ON w.id = g.worksheet_id
    WHERE g.question_id IN (SELECT question_id FROM %s c)
  $q$, "student_days_changes"(TG_OP)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "student_days_roll_school_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE "students_lock"("student_days_changes"(TG_OP));
  EXECUTE "school_days_upsert"("school_days_of"(
    format('(SELECT c.*, s.school_id FROM %s c JOIN "students" s ON s.user_id = c.student_id)',
      "student_days_changes"(TG_OP)),
    'd.school_id'));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The rows already there, by the same SQL the triggers run.
DO $$
BEGIN
  EXECUTE "student_outcome_days_link"('SELECT student_id, min(day) AS day FROM "student_outcome_days" GROUP BY 1');
END $$;
