CREATE TABLE "school_days" (
	"school_id" integer NOT NULL,
	"day" date NOT NULL,
	"active_students" integer DEFAULT 0 NOT NULL,
	"reading_ms" bigint DEFAULT 0 NOT NULL,
	"pages" integer DEFAULT 0 NOT NULL,
	"books" integer DEFAULT 0 NOT NULL,
	"quizzes" integer DEFAULT 0 NOT NULL,
	"recordings" integer DEFAULT 0 NOT NULL,
	"scored_quizzes" integer DEFAULT 0 NOT NULL,
	"score_sum" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "school_days_school_id_day_pk" PRIMARY KEY("school_id","day")
);
--> statement-breakpoint
ALTER TABLE "school_days" ADD CONSTRAINT "school_days_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- school_days (IN3, IN5, IN11): student_days summed per school (the student's now) and day, a day's active students
-- being its student rows with an event. Kept in the same transaction: a statement trigger on student_days adds the
-- rows it changed (signed, as student_days' own), and a student's days move with them when they change school and
-- are taken off when they go (row triggers on students). Written by hand after drizzle-kit's statements.
CREATE FUNCTION "school_days_upsert"("shares" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    INSERT INTO "school_days" AS d ("school_id", "day", "active_students", "reading_ms", "pages", "books", "quizzes",
      "recordings", "scored_quizzes", "score_sum")
    SELECT s.school_id, s.day, sum(s.active), sum(s.reading_ms), sum(s.pages), sum(s.books), sum(s.quizzes),
      sum(s.recordings), sum(s.scored_quizzes), sum(s.score_sum)
    FROM (%s) s
    GROUP BY s.school_id, s.day
    HAVING sum(s.active) <> 0 OR sum(s.reading_ms) <> 0 OR sum(s.pages) <> 0 OR sum(s.books) <> 0
      OR sum(s.quizzes) <> 0 OR sum(s.recordings) <> 0 OR sum(s.scored_quizzes) <> 0 OR sum(s.score_sum) <> 0
    ORDER BY s.school_id, s.day
    ON CONFLICT ("school_id", "day") DO UPDATE SET "active_students" = d."active_students" + excluded."active_students",
      "reading_ms" = d."reading_ms" + excluded."reading_ms", "pages" = d."pages" + excluded."pages",
      "books" = d."books" + excluded."books", "quizzes" = d."quizzes" + excluded."quizzes",
      "recordings" = d."recordings" + excluded."recordings",
      "scored_quizzes" = d."scored_quizzes" + excluded."scored_quizzes",
      "score_sum" = d."score_sum" + excluded."score_sum"
  $q$, "shares")
$$;
--> statement-breakpoint
-- Signed student days (a `sign` column and student_days' columns) as a school's shares; `school` names its school.
CREATE FUNCTION "school_days_of"("source" text, "school" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    SELECT %2$s AS school_id, d.day, d.sign * (d.events > 0)::int AS active, d.sign * d.reading_ms AS reading_ms,
      d.sign * d.pages AS pages, d.sign * d.books AS books, d.sign * d.quizzes AS quizzes,
      d.sign * d.recordings AS recordings, d.sign * d.scored_quizzes AS scored_quizzes,
      d.sign * d.score_sum AS score_sum
    FROM %1$s d
  $q$, "source", "school")
$$;
--> statement-breakpoint
-- A student gone is no longer in students: their days were taken off their school before (students_leave_school_days).
CREATE FUNCTION "student_days_roll_school_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE "school_days_upsert"("school_days_of"(
    format('(SELECT c.*, s.school_id FROM %s c JOIN "students" s ON s.user_id = c.student_id)',
      "student_days_changes"(TG_OP)),
    'd.school_id'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "students_move_school_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR OLD."school_id" IS DISTINCT FROM NEW."school_id" THEN
    EXECUTE "school_days_upsert"("school_days_of"(
      format('(SELECT -1 AS sign, * FROM "student_days" WHERE "student_id" = %s)', OLD."user_id"),
      OLD."school_id"::text));
  END IF;
  IF TG_OP = 'UPDATE' AND OLD."school_id" IS DISTINCT FROM NEW."school_id" THEN
    EXECUTE "school_days_upsert"("school_days_of"(
      format('(SELECT 1 AS sign, * FROM "student_days" WHERE "student_id" = %s)', NEW."user_id"),
      NEW."school_id"::text));
  END IF;
  -- Before a delete, NULL would call the delete off.
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "student_days_roll_school_days_insert" AFTER INSERT ON "student_days"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "student_days_roll_school_days"();
--> statement-breakpoint
CREATE TRIGGER "student_days_roll_school_days_update" AFTER UPDATE ON "student_days"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "student_days_roll_school_days"();
--> statement-breakpoint
CREATE TRIGGER "student_days_roll_school_days_delete" AFTER DELETE ON "student_days"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "student_days_roll_school_days"();
--> statement-breakpoint
-- Before the delete, while the student's days are still there to take off (they then go by the foreign key).
CREATE TRIGGER "students_leave_school_days" BEFORE DELETE ON "students"
  FOR EACH ROW EXECUTE FUNCTION "students_move_school_days"();
--> statement-breakpoint
CREATE TRIGGER "students_move_school_days" AFTER UPDATE OF "school_id" ON "students"
  FOR EACH ROW EXECUTE FUNCTION "students_move_school_days"();
--> statement-breakpoint
-- The schools' days of the student days already there, by the same SQL the trigger runs.
DO $$
BEGIN
  EXECUTE "school_days_upsert"("school_days_of"(
    '(SELECT 1 AS sign, d.*, s.school_id FROM "student_days" d JOIN "students" s ON s.user_id = d.student_id)',
    'd.school_id'));
END $$;
