ALTER TABLE "gradings" ADD COLUMN "comment" text;--> statement-breakpoint
ALTER TABLE "gradings" ADD COLUMN "marked_by" integer;--> statement-breakpoint
ALTER TABLE "gradings" ADD COLUMN "marked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gradings" ADD CONSTRAINT "gradings_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gradings_awaiting_mark_idx" ON "gradings" USING btree ("school_id") WHERE "gradings"."is_awaiting_mark";