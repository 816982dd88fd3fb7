CREATE TABLE "book_years" (
	"year" integer PRIMARY KEY NOT NULL,
	"first_month" text NOT NULL,
	"last_month" text NOT NULL,
	"arrears_reviewed_by" integer,
	"arrears_reviewed_at" timestamp with time zone,
	"closed_by" integer,
	"close_proposed_by" integer,
	"closed_at" timestamp with time zone,
	"closing_entry_id" bigint,
	"surplus_fils" bigint,
	CONSTRAINT "book_years_closed" CHECK (("book_years"."closed_at" is null) = ("book_years"."closed_by" is null) and ("book_years"."closed_at" is null) = ("book_years"."surplus_fils" is null))
);
--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "closing_period" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "year_starts_month" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "book_years" ADD CONSTRAINT "book_years_arrears_reviewed_by_users_id_fk" FOREIGN KEY ("arrears_reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_years" ADD CONSTRAINT "book_years_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_years" ADD CONSTRAINT "book_years_close_proposed_by_users_id_fk" FOREIGN KEY ("close_proposed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_years" ADD CONSTRAINT "book_years_closing_entry_id_journal_entries_id_fk" FOREIGN KEY ("closing_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_closing_period" CHECK ("journal_entries"."closing_period" is null or ("journal_entries"."kind" in ('closing', 'reversal') and "journal_entries"."closing_period" ~ '^[0-9]{4}-(0[1-9]|1[0-2])[+]close$'));--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_year_starts_month" CHECK ("settings"."year_starts_month" between 1 and 12);