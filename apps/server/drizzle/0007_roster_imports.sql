CREATE TABLE "roster_class_sources" (
	"school_id" integer NOT NULL,
	"sourced_id" text NOT NULL,
	"class_id" integer NOT NULL,
	CONSTRAINT "roster_class_sources_school_id_sourced_id_pk" PRIMARY KEY("school_id","sourced_id")
);
--> statement-breakpoint
CREATE TABLE "roster_import_rows" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "roster_import_rows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"import_id" integer NOT NULL,
	"kind" text NOT NULL,
	"file" text NOT NULL,
	"row" integer NOT NULL,
	"key" text NOT NULL,
	"role" text,
	"username" text,
	"first_name" text,
	"last_name" text,
	"email" text,
	"password_hash" text,
	"academic_level_id" integer,
	"name" text,
	"user_key" text,
	"class_key" text,
	"org_key" text,
	"removed" boolean DEFAULT false NOT NULL,
	"target_id" integer
);
--> statement-breakpoint
CREATE TABLE "roster_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "roster_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"school_id" integer NOT NULL,
	"created_by" integer,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"status" text DEFAULT 'validating' NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer,
	"changes" jsonb,
	"seats" jsonb,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"problem_count" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "roster_user_sources" (
	"school_id" integer NOT NULL,
	"sourced_id" text NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "roster_user_sources_school_id_sourced_id_pk" PRIMARY KEY("school_id","sourced_id")
);
--> statement-breakpoint
ALTER TABLE "roster_class_sources" ADD CONSTRAINT "roster_class_sources_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_class_sources" ADD CONSTRAINT "roster_class_sources_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_import_rows" ADD CONSTRAINT "roster_import_rows_import_id_roster_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."roster_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_imports" ADD CONSTRAINT "roster_imports_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_imports" ADD CONSTRAINT "roster_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_user_sources" ADD CONSTRAINT "roster_user_sources_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_user_sources" ADD CONSTRAINT "roster_user_sources_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "roster_class_sources_class_id_index" ON "roster_class_sources" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "roster_import_rows_import_id_kind_key_index" ON "roster_import_rows" USING btree ("import_id","kind","key");--> statement-breakpoint
CREATE INDEX "roster_imports_school_id_created_at_index" ON "roster_imports" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "roster_imports_status_index" ON "roster_imports" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "roster_user_sources_user_id_index" ON "roster_user_sources" USING btree ("user_id");