CREATE TABLE "student_speeds" (
	"student_id" integer PRIMARY KEY NOT NULL,
	"recording_id" integer NOT NULL,
	"wpm" real NOT NULL,
	"wcpm" real,
	"recorded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "student_speeds" ADD CONSTRAINT "student_speeds_student_id_students_user_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reading_activity_logs_period_idx" ON "reading_activity_logs" USING btree ("start_time","student_id");--> statement-breakpoint
CREATE INDEX "recordings_period_idx" ON "recordings" USING btree ("created_at","student_id","is_practice");--> statement-breakpoint
CREATE INDEX "recordings_graded_period_idx" ON "recordings" USING btree ("graded_at","student_id") WHERE "recordings"."grading_completed" AND NOT "recordings"."is_practice";--> statement-breakpoint
CREATE INDEX "recordings_awaiting_review_idx" ON "recordings" USING btree ("student_id") WHERE NOT "recordings"."is_practice" AND NOT "recordings"."grading_completed";--> statement-breakpoint
CREATE INDEX "worksheets_started_period_idx" ON "worksheets" USING btree ("created_at","student_id","time_spent_reading_ms","pages_completed");--> statement-breakpoint
CREATE INDEX "worksheets_completed_period_idx" ON "worksheets" USING btree ("completed_at","student_id","passage_id") WHERE "worksheets"."worksheet_completed";--> statement-breakpoint
CREATE INDEX "worksheets_quiz_period_idx" ON "worksheets" USING btree ("quiz_submitted_at","student_id","passage_id") WHERE "worksheets"."quiz_submitted_at" IS NOT NULL;--> statement-breakpoint
-- Each student's current speed (P9: the newest read-aloud recording with a WPM), kept in the same transaction as
-- the recordings it comes from (IN3). Written by hand after drizzle-kit's statements: it does not generate triggers.
CREATE FUNCTION "refresh_student_speed"("student" integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE newest record;
BEGIN
  SELECT "id", "wpm", "wcpm", "created_at" INTO newest FROM "recordings"
    WHERE "student_id" = student AND NOT "is_practice" AND "wpm" IS NOT NULL
    ORDER BY "created_at" DESC, "id" DESC LIMIT 1;
  IF NOT FOUND THEN
    DELETE FROM "student_speeds" WHERE "student_id" = student;
    RETURN;
  END IF;
  INSERT INTO "student_speeds" ("student_id", "recording_id", "wpm", "wcpm", "recorded_at")
    VALUES (student, newest."id", newest."wpm", newest."wcpm", newest."created_at")
    ON CONFLICT ("student_id") DO UPDATE SET "recording_id" = excluded."recording_id", "wpm" = excluded."wpm",
      "wcpm" = excluded."wcpm", "recorded_at" = excluded."recorded_at";
END $$;
--> statement-breakpoint
CREATE FUNCTION "recordings_refresh_speed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A student being deleted takes their speed with them (the foreign key): nothing to refresh.
  IF TG_OP <> 'INSERT' AND EXISTS (SELECT 1 FROM "students" WHERE "user_id" = OLD."student_id") THEN
    PERFORM "refresh_student_speed"(OLD."student_id");
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW."student_id" <> OLD."student_id") THEN
    PERFORM "refresh_student_speed"(NEW."student_id");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "recordings_refresh_speed" AFTER INSERT OR DELETE OR UPDATE OF "student_id", "is_practice", "wpm", "wcpm", "created_at"
  ON "recordings" FOR EACH ROW EXECUTE FUNCTION "recordings_refresh_speed"();
--> statement-breakpoint
INSERT INTO "student_speeds" ("student_id", "recording_id", "wpm", "wcpm", "recorded_at")
  SELECT DISTINCT ON ("student_id") "student_id", "id", "wpm", "wcpm", "created_at" FROM "recordings"
  WHERE NOT "is_practice" AND "wpm" IS NOT NULL ORDER BY "student_id", "created_at" DESC, "id" DESC;
