-- The rollups under concurrent writes (IN2, IN9). Written by hand: drizzle-kit does not generate functions.
-- student_outcome_days: two transactions rebuilding the same student and day (a teacher's mark while the student hands
-- in another quiz that day) each clear only the rows they saw; the later one's fill then meets the earlier one's rows.
-- It now overwrites them with its own sums, counted from a snapshot that already holds the earlier transaction's
-- answers, instead of failing on the primary key.
CREATE OR REPLACE FUNCTION "student_outcome_days_fill"("touched" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    INSERT INTO "student_outcome_days" ("student_id", "day", "learning_outcome_id", "marks", "max_marks", "answered")
    SELECT w.student_id, t.day, q.learning_outcome_id, sum(g.marks), sum(g.max_marks),
      count(DISTINCT (g.worksheet_id, g.question_id))
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
-- school_days: an event's day is added to the school its student belongs to; a student changing school at that moment
-- moves the days they have. The student's row is now read FOR SHARE, so the two wait for each other (an event's
-- foreign key check alone does not block a change of school) and the later one sees the earlier one's work.
CREATE OR REPLACE FUNCTION "student_days_roll_school_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE "school_days_upsert"("school_days_of"(
    format('(SELECT c.*, s.school_id FROM %s c JOIN "students" s ON s.user_id = c.student_id FOR SHARE OF s)',
      "student_days_changes"(TG_OP)),
    'd.school_id'));
  RETURN NULL;
END $$;
