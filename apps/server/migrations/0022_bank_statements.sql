CREATE TABLE "bank_csv_mappings" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank" text NOT NULL,
	"columns_key" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bank_csv_mappings_bank_unique" UNIQUE("bank")
);
--> statement-breakpoint
CREATE TABLE "bank_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"booked_on" date NOT NULL,
	"amount_fils" bigint NOT NULL,
	"text" text NOT NULL,
	"bank_ref" text,
	"balance_fils" bigint,
	"dedupe_key" text NOT NULL,
	"payment_id" integer,
	"entry_id" bigint,
	"linked_by" integer,
	"linked_at" timestamp with time zone,
	CONSTRAINT "bank_lines_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "bank_statement_lines" (
	"statement_id" integer NOT NULL,
	"line_id" bigint NOT NULL,
	CONSTRAINT "bank_statement_lines_statement_id_line_id_pk" PRIMARY KEY("statement_id","line_id")
);
--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"format" text NOT NULL,
	"bank" text,
	"file_name" text NOT NULL,
	"sha256" text NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"opening_balance_fils" bigint,
	"closing_balance_fils" bigint,
	"line_count" integer NOT NULL,
	"new_lines" integer NOT NULL,
	"imported_by" integer NOT NULL,
	"imported_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "fund_proposals_one_open";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "transfer_date" date;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "bank_reference" text;--> statement-breakpoint
ALTER TABLE "fund_proposals" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "bank_csv_mappings" ADD CONSTRAINT "bank_csv_mappings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_lines" ADD CONSTRAINT "bank_lines_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_lines" ADD CONSTRAINT "bank_lines_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_lines" ADD CONSTRAINT "bank_lines_linked_by_users_id_fk" FOREIGN KEY ("linked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_line_id_bank_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."bank_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_lines_booked_idx" ON "bank_lines" USING btree ("booked_on");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_lines_one_per_payment" ON "bank_lines" USING btree ("payment_id") WHERE "bank_lines"."payment_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_lines_one_per_entry" ON "bank_lines" USING btree ("entry_id") WHERE "bank_lines"."entry_id" is not null;--> statement-breakpoint
CREATE INDEX "bank_statement_lines_line_idx" ON "bank_statement_lines" USING btree ("line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fund_proposals_one_open" ON "fund_proposals" USING btree ("action",coalesce("loan_id", 0),coalesce("member_id", 0),coalesce("subject", '')) WHERE "fund_proposals"."state" = 'open';