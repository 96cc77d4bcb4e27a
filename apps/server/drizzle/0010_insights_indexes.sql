CREATE INDEX "reading_activity_logs_student_id_start_time_index" ON "reading_activity_logs" USING btree ("student_id","start_time");--> statement-breakpoint
CREATE INDEX "worksheets_student_id_created_at_index" ON "worksheets" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "worksheets_student_id_completed_at_index" ON "worksheets" USING btree ("student_id","completed_at");--> statement-breakpoint
CREATE INDEX "worksheets_student_id_quiz_submitted_at_index" ON "worksheets" USING btree ("student_id","quiz_submitted_at");