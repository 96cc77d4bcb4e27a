CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_hits_window_start_index" ON "rate_limit_hits" USING btree ("window_start");--> statement-breakpoint
-- One counter row per key from now on: the old one-row-per-failure log is only a few minutes of history.
DELETE FROM "sign_in_failures";--> statement-breakpoint
DROP INDEX "sign_in_failures_username_address_failed_at_index";--> statement-breakpoint
ALTER TABLE "sign_in_failures" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "sign_in_failures" DROP COLUMN "failed_at";--> statement-breakpoint
ALTER TABLE "sign_in_failures" ADD CONSTRAINT "sign_in_failures_username_address_pk" PRIMARY KEY("username","address");--> statement-breakpoint
ALTER TABLE "sign_in_failures" ADD COLUMN "failures" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_in_failures" ADD COLUMN "window_start" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_in_failures" ADD COLUMN "locked_until" timestamp with time zone;
