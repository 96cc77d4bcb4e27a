CREATE TABLE "student_days" (
	"student_id" integer NOT NULL,
	"day" date NOT NULL,
	"events" integer DEFAULT 0 NOT NULL,
	"reading_ms" bigint DEFAULT 0 NOT NULL,
	"pages" integer DEFAULT 0 NOT NULL,
	"books" integer DEFAULT 0 NOT NULL,
	"quizzes" integer DEFAULT 0 NOT NULL,
	"recordings" integer DEFAULT 0 NOT NULL,
	"scored_quizzes" integer DEFAULT 0 NOT NULL,
	"score_sum" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "student_days_student_id_day_pk" PRIMARY KEY("student_id","day")
);
--> statement-breakpoint
ALTER TABLE "student_days" ADD CONSTRAINT "student_days_student_id_students_user_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_days_period_idx" ON "student_days" USING btree ("day","student_id","events","reading_ms","pages","books","quizzes","recordings","scored_quizzes","score_sum");--> statement-breakpoint
-- student_days (IN2, IN3, IN5, IN8, IN11): each event's signed share of its student's day, summed per student and day
-- and added in the same transaction as the events, by statement triggers that see the rows a statement inserted,
-- changed (old taken off, new added) or deleted. The same SQL fills it below from the rows already there, and a bulk
-- INSERT … SELECT (the scale bench, the demo seed) fills it through the triggers. Written by hand after drizzle-kit's
-- statements: it does not generate triggers. Days are UTC days; builder type 2 is the power builder (P10's books).
CREATE FUNCTION "student_days_of_worksheets"("source" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    SELECT w.student_id, (w.created_at AT TIME ZONE 'UTC')::date AS day, w.sign AS events,
      w.sign * w.time_spent_reading_ms::bigint AS reading_ms, w.sign * w.pages_completed AS pages, 0 AS books,
      0 AS quizzes, 0 AS recordings, 0 AS scored_quizzes, 0::float8 AS score_sum
    FROM %1$s w
    UNION ALL
    SELECT w.student_id, (w.quiz_submitted_at AT TIME ZONE 'UTC')::date, w.sign, 0, 0, 0, w.sign, 0,
      CASE WHEN p.builder_type_id = 2 AND w.score_percent IS NOT NULL THEN w.sign ELSE 0 END,
      CASE WHEN p.builder_type_id = 2 AND w.score_percent IS NOT NULL THEN w.sign * w.score_percent::float8 ELSE 0 END
    FROM %1$s w JOIN "passages" p ON p.id = w.passage_id WHERE w.quiz_submitted_at IS NOT NULL
    UNION ALL
    SELECT w.student_id, (w.completed_at AT TIME ZONE 'UTC')::date, 0, 0, 0, w.sign, 0, 0, 0, 0
    FROM %1$s w JOIN "passages" p ON p.id = w.passage_id
    WHERE w.worksheet_completed AND w.completed_at IS NOT NULL AND p.builder_type_id = 2
  $q$, "source")
$$;
--> statement-breakpoint
CREATE FUNCTION "student_days_of_reading_logs"("source" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    SELECT l.student_id, (l.start_time AT TIME ZONE 'UTC')::date AS day, l.sign AS events, 0::bigint AS reading_ms,
      0 AS pages, 0 AS books, 0 AS quizzes, 0 AS recordings, 0 AS scored_quizzes, 0::float8 AS score_sum
    FROM %1$s l
  $q$, "source")
$$;
--> statement-breakpoint
CREATE FUNCTION "student_days_of_recordings"("source" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    SELECT r.student_id, (r.created_at AT TIME ZONE 'UTC')::date AS day, r.sign AS events, 0::bigint AS reading_ms,
      0 AS pages, 0 AS books, 0 AS quizzes, CASE WHEN r.is_practice THEN 0 ELSE r.sign END AS recordings,
      0 AS scored_quizzes, 0::float8 AS score_sum
    FROM %1$s r
  $q$, "source")
$$;
--> statement-breakpoint
-- Adds shares to student_days, one upsert per student and day, in key order (two transactions never wait on each
-- other's rows crosswise); a student being deleted takes their days with them (the foreign key): their shares are
-- dropped, and so are sums that come to nothing (a change that touched no counted column).
CREATE FUNCTION "student_days_upsert"("shares" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    INSERT INTO "student_days" AS d ("student_id", "day", "events", "reading_ms", "pages", "books", "quizzes",
      "recordings", "scored_quizzes", "score_sum")
    SELECT s.student_id, s.day, sum(s.events), sum(s.reading_ms), sum(s.pages), sum(s.books), sum(s.quizzes),
      sum(s.recordings), sum(s.scored_quizzes), sum(s.score_sum)
    FROM (%s) s
    WHERE s.student_id IN (SELECT "user_id" FROM "students")
    GROUP BY s.student_id, s.day
    HAVING sum(s.events) <> 0 OR sum(s.reading_ms) <> 0 OR sum(s.pages) <> 0 OR sum(s.books) <> 0
      OR sum(s.quizzes) <> 0 OR sum(s.recordings) <> 0 OR sum(s.scored_quizzes) <> 0 OR sum(s.score_sum) <> 0
    ORDER BY s.student_id, s.day
    ON CONFLICT ("student_id", "day") DO UPDATE SET "events" = d."events" + excluded."events",
      "reading_ms" = d."reading_ms" + excluded."reading_ms", "pages" = d."pages" + excluded."pages",
      "books" = d."books" + excluded."books", "quizzes" = d."quizzes" + excluded."quizzes",
      "recordings" = d."recordings" + excluded."recordings",
      "scored_quizzes" = d."scored_quizzes" + excluded."scored_quizzes",
      "score_sum" = d."score_sum" + excluded."score_sum"
  $q$, "shares")
$$;
--> statement-breakpoint
-- The rows a statement changed, signed: inserted ones add, deleted ones take off, an update does both.
CREATE FUNCTION "student_days_changes"("op" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE "op"
    WHEN 'INSERT' THEN '(SELECT 1 AS sign, * FROM new_rows)'
    WHEN 'DELETE' THEN '(SELECT -1 AS sign, * FROM old_rows)'
    ELSE '(SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1 AS sign, * FROM old_rows)'
  END
$$;
--> statement-breakpoint
-- Run in the trigger function itself: the statement's rows (new_rows, old_rows) are visible to its own queries only.
CREATE FUNCTION "worksheets_roll_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE "student_days_upsert"("student_days_of_worksheets"("student_days_changes"(TG_OP)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "reading_activity_logs_roll_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE "student_days_upsert"("student_days_of_reading_logs"("student_days_changes"(TG_OP)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "recordings_roll_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE "student_days_upsert"("student_days_of_recordings"("student_days_changes"(TG_OP)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "worksheets_roll_days_insert" AFTER INSERT ON "worksheets"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "worksheets_roll_days"();
--> statement-breakpoint
CREATE TRIGGER "worksheets_roll_days_update" AFTER UPDATE ON "worksheets"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "worksheets_roll_days"();
--> statement-breakpoint
CREATE TRIGGER "worksheets_roll_days_delete" AFTER DELETE ON "worksheets"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "worksheets_roll_days"();
--> statement-breakpoint
CREATE TRIGGER "reading_activity_logs_roll_days_insert" AFTER INSERT ON "reading_activity_logs"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "reading_activity_logs_roll_days"();
--> statement-breakpoint
CREATE TRIGGER "reading_activity_logs_roll_days_update" AFTER UPDATE ON "reading_activity_logs"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "reading_activity_logs_roll_days"();
--> statement-breakpoint
CREATE TRIGGER "reading_activity_logs_roll_days_delete" AFTER DELETE ON "reading_activity_logs"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "reading_activity_logs_roll_days"();
--> statement-breakpoint
CREATE TRIGGER "recordings_roll_days_insert" AFTER INSERT ON "recordings"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "recordings_roll_days"();
--> statement-breakpoint
CREATE TRIGGER "recordings_roll_days_update" AFTER UPDATE ON "recordings"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "recordings_roll_days"();
--> statement-breakpoint
CREATE TRIGGER "recordings_roll_days_delete" AFTER DELETE ON "recordings"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "recordings_roll_days"();
--> statement-breakpoint
-- The days of the events already there, by the same SQL the triggers run.
DO $$
BEGIN
  EXECUTE "student_days_upsert"("student_days_of_worksheets"('(SELECT 1 AS sign, * FROM "worksheets")'));
  EXECUTE "student_days_upsert"("student_days_of_reading_logs"('(SELECT 1 AS sign, * FROM "reading_activity_logs")'));
  EXECUTE "student_days_upsert"("student_days_of_recordings"('(SELECT 1 AS sign, * FROM "recordings")'));
END $$;
