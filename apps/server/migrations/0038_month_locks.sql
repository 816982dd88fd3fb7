CREATE TABLE "month_locks" (
	"month" text PRIMARY KEY NOT NULL,
	"locked_by" integer NOT NULL,
	"proposed_by" integer,
	"locked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "month_locks_month" CHECK ("month_locks"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
ALTER TABLE "month_locks" ADD CONSTRAINT "month_locks_locked_by_users_id_fk" FOREIGN KEY ("locked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_locks" ADD CONSTRAINT "month_locks_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;