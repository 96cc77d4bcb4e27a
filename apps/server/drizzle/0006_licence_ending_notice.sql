ALTER TABLE "licence_packs" ADD COLUMN "ending_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "licence_packs" ADD CONSTRAINT "licence_packs_seats_positive" CHECK ("licence_packs"."seats" > 0);--> statement-breakpoint
ALTER TABLE "licence_packs" ADD CONSTRAINT "licence_packs_period" CHECK ("licence_packs"."starts_on" <= "licence_packs"."ends_on");