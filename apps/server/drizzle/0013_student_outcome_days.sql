CREATE TABLE "student_outcome_days" (
	"student_id" integer NOT NULL,
	"day" date NOT NULL,
	"learning_outcome_id" integer NOT NULL,
	"marks" double precision NOT NULL,
	"max_marks" double precision NOT NULL,
	"answered" integer NOT NULL,
	CONSTRAINT "student_outcome_days_student_id_day_learning_outcome_id_pk" PRIMARY KEY("student_id","day","learning_outcome_id")
);
--> statement-breakpoint
ALTER TABLE "student_outcome_days" ADD CONSTRAINT "student_outcome_days_student_id_students_user_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_outcome_days_period_idx" ON "student_outcome_days" USING btree ("day","student_id","learning_outcome_id","marks","max_marks","answered");--> statement-breakpoint
-- student_outcome_days (IN9): P11's marked answers of the quizzes handed in on a day, per student and learning
-- outcome. An answer's share cannot simply be added or taken off (an answer counts once however many of its parts are
-- marked), so each student and day a statement touches is rebuilt from its rows, in the same transaction: a few
-- quizzes each. The same SQL fills it below, and a bulk INSERT … SELECT of gradings (the scale bench, the demo seed)
-- through the trigger. Written by hand after drizzle-kit's statements: it does not generate triggers.
CREATE FUNCTION "student_outcome_days_clear"("touched" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    DELETE FROM "student_outcome_days" d USING (SELECT DISTINCT student_id, day FROM (%s) t) t
    WHERE d.student_id = t.student_id AND d.day = t.day
  $q$, "touched")
$$;
--> statement-breakpoint
CREATE FUNCTION "student_outcome_days_fill"("touched" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
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
  $q$, "touched")
$$;
--> statement-breakpoint
-- The students and days whose marked answers a statement may have changed.
CREATE FUNCTION "gradings_roll_outcome_days"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE touched text := format($q$
  SELECT w.student_id, (w.quiz_submitted_at AT TIME ZONE 'UTC')::date AS day
  FROM %s g JOIN "worksheets" w ON w.id = g.worksheet_id
$q$, "student_days_changes"(TG_OP));
BEGIN
  EXECUTE "student_outcome_days_clear"(touched);
  EXECUTE "student_outcome_days_fill"(touched);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A worksheet handed in, moved to another day or student, or deleted (its gradings go with it).
CREATE FUNCTION "worksheets_roll_outcome_days"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE touched text := CASE TG_OP
  WHEN 'DELETE' THEN $q$
    SELECT student_id, (quiz_submitted_at AT TIME ZONE 'UTC')::date AS day FROM old_rows
  $q$
  ELSE $q$
    SELECT x.student_id, (x.quiz_submitted_at AT TIME ZONE 'UTC')::date AS day
    FROM new_rows n JOIN old_rows o ON o.id = n.id,
      LATERAL (VALUES (n.student_id, n.quiz_submitted_at), (o.student_id, o.quiz_submitted_at)) x(student_id, quiz_submitted_at)
    WHERE (n.student_id, n.quiz_submitted_at) IS DISTINCT FROM (o.student_id, o.quiz_submitted_at)
  $q$
END;
BEGIN
  EXECUTE "student_outcome_days_clear"(touched);
  EXECUTE "student_outcome_days_fill"(touched);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The library's questions measuring other outcomes: every day with an answer to them.
CREATE FUNCTION "question_learning_outcomes_roll_outcome_days"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE touched text := format($q$
  SELECT w.student_id, (w.quiz_submitted_at AT TIME ZONE 'UTC')::date AS day
  FROM "gradings" g JOIN "worksheets" w ON w.id = g.worksheet_id
  WHERE g.question_id IN (SELECT question_id FROM %s c)
$q$, "student_days_changes"(TG_OP));
BEGIN
  EXECUTE "student_outcome_days_clear"(touched);
  EXECUTE "student_outcome_days_fill"(touched);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "gradings_roll_outcome_days_insert" AFTER INSERT ON "gradings"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "gradings_roll_outcome_days"();
--> statement-breakpoint
CREATE TRIGGER "gradings_roll_outcome_days_update" AFTER UPDATE ON "gradings"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "gradings_roll_outcome_days"();
--> statement-breakpoint
CREATE TRIGGER "gradings_roll_outcome_days_delete" AFTER DELETE ON "gradings"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "gradings_roll_outcome_days"();
--> statement-breakpoint
CREATE TRIGGER "worksheets_roll_outcome_days_update" AFTER UPDATE ON "worksheets"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "worksheets_roll_outcome_days"();
--> statement-breakpoint
CREATE TRIGGER "worksheets_roll_outcome_days_delete" AFTER DELETE ON "worksheets"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "worksheets_roll_outcome_days"();
--> statement-breakpoint
CREATE TRIGGER "question_learning_outcomes_roll_outcome_days_insert" AFTER INSERT ON "question_learning_outcomes"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "question_learning_outcomes_roll_outcome_days"();
--> statement-breakpoint
CREATE TRIGGER "question_learning_outcomes_roll_outcome_days_update" AFTER UPDATE ON "question_learning_outcomes"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "question_learning_outcomes_roll_outcome_days"();
--> statement-breakpoint
CREATE TRIGGER "question_learning_outcomes_roll_outcome_days_delete" AFTER DELETE ON "question_learning_outcomes"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "question_learning_outcomes_roll_outcome_days"();
--> statement-breakpoint
-- The days of the marked answers already there, by the same SQL the triggers run.
DO $$
BEGIN
  EXECUTE "student_outcome_days_fill"($q$
    SELECT student_id, (quiz_submitted_at AT TIME ZONE 'UTC')::date AS day FROM "worksheets"
    WHERE quiz_submitted_at IS NOT NULL
  $q$);
END $$;
