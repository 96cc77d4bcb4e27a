DROP INDEX "student_days_period_idx";--> statement-breakpoint
ALTER TABLE "student_days" ADD COLUMN "school_id" integer;--> statement-breakpoint
-- school_id (IN1, IN2, IN3, IN8, IN11): each student day carries its student's school now, so a school's or a
-- district's days are a range of the index per school, where they were the whole period's days joined to the scope's
-- students (a district's 50,000, hashed for each read). Written by hand after drizzle-kit's statements.
--
-- The days already there take their students' schools; school_days' trigger is not fired for it (nothing moves).
ALTER TABLE "student_days" DISABLE TRIGGER "student_days_roll_school_days_update";--> statement-breakpoint
UPDATE "student_days" d SET "school_id" = s."school_id" FROM "students" s WHERE s."user_id" = d."student_id";--> statement-breakpoint
ALTER TABLE "student_days" ENABLE TRIGGER "student_days_roll_school_days_update";--> statement-breakpoint
ALTER TABLE "student_days" ALTER COLUMN "school_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "student_days_school_period_idx" ON "student_days" USING btree ("school_id","day","student_id","events","reading_ms","pages","books","quizzes","recordings","scored_quizzes","score_sum");--> statement-breakpoint
-- An event's day is written with its student's school read after their row is locked (students_lock, 0017): a change
-- of school at that moment either waits for the event's transaction, whose day it then moves, or goes first, and the
-- day is written with the new school. A day already there takes the school too.
CREATE OR REPLACE FUNCTION "student_days_upsert"("shares" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT concat_ws(';', "students_lock"("shares"), format($q$
    INSERT INTO "student_days" AS d ("student_id", "day", "school_id", "events", "reading_ms", "pages", "books",
      "quizzes", "recordings", "scored_quizzes", "score_sum")
    SELECT s.student_id, s.day, p.school_id, sum(s.events), sum(s.reading_ms), sum(s.pages), sum(s.books),
      sum(s.quizzes), sum(s.recordings), sum(s.scored_quizzes), sum(s.score_sum)
    FROM (%s) s JOIN "students" p ON p.user_id = s.student_id
    GROUP BY s.student_id, s.day, p.school_id
    HAVING sum(s.events) <> 0 OR sum(s.reading_ms) <> 0 OR sum(s.pages) <> 0 OR sum(s.books) <> 0
      OR sum(s.quizzes) <> 0 OR sum(s.recordings) <> 0 OR sum(s.scored_quizzes) <> 0 OR sum(s.score_sum) <> 0
    ORDER BY s.student_id, s.day
    ON CONFLICT ("student_id", "day") DO UPDATE SET "school_id" = excluded."school_id",
      "events" = d."events" + excluded."events",
      "reading_ms" = d."reading_ms" + excluded."reading_ms", "pages" = d."pages" + excluded."pages",
      "books" = d."books" + excluded."books", "quizzes" = d."quizzes" + excluded."quizzes",
      "recordings" = d."recordings" + excluded."recordings",
      "scored_quizzes" = d."scored_quizzes" + excluded."scored_quizzes",
      "score_sum" = d."score_sum" + excluded."score_sum"
  $q$, "shares"))
$$;
--> statement-breakpoint
-- A student who changes school takes their days' school with them (school_days' sums move as before, 0014). The
-- update fires school_days' trigger, which reads the school now for both sides of it: it moves nothing more.
CREATE FUNCTION "students_move_student_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "student_days" SET "school_id" = NEW."school_id" WHERE "student_id" = NEW."user_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "students_move_student_days" AFTER UPDATE OF "school_id" ON "students"
  FOR EACH ROW WHEN (OLD."school_id" IS DISTINCT FROM NEW."school_id") EXECUTE FUNCTION "students_move_student_days"();
--> statement-breakpoint
-- school_days adds a day to the school its student belongs to now, read from students (as 0014–0017), under its own
-- name beside the day's school column. Every writer of student_days now holds its students' rows already (an event's
-- upsert above, a change of school, a student's delete), so the lock 0017 took here again is gone.
CREATE OR REPLACE FUNCTION "student_days_roll_school_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE "school_days_upsert"("school_days_of"(
    format('(SELECT c.*, s.school_id AS school_now FROM %s c JOIN "students" s ON s.user_id = c.student_id)',
      "student_days_changes"(TG_OP)),
    'd.school_now'));
  RETURN NULL;
END $$;
