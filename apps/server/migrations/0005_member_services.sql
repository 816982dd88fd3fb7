CREATE TABLE "bonus_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"period_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"balance_days_fils" bigint NOT NULL,
	"amount_fils" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bonus_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"interest_fils" bigint NOT NULL,
	"entry_id" bigint,
	"closed_by" integer,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "installment_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"installment_id" integer NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"from_committee" integer DEFAULT 0 NOT NULL,
	"body" text NOT NULL,
	"attachment_file_id" uuid,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"read_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recharge_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"operator" text NOT NULL,
	"number" text NOT NULL,
	"amount_fils" bigint NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"reference" text,
	"reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "recharge_min_fils" bigint DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "recharge_max_fils" bigint DEFAULT 50000 NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus_allocations" ADD CONSTRAINT "bonus_allocations_period_id_bonus_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."bonus_periods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_allocations" ADD CONSTRAINT "bonus_allocations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_periods" ADD CONSTRAINT "bonus_periods_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_periods" ADD CONSTRAINT "bonus_periods_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installment_reminders" ADD CONSTRAINT "installment_reminders_installment_id_loan_installments_id_fk" FOREIGN KEY ("installment_id") REFERENCES "public"."loan_installments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_attachment_file_id_files_id_fk" FOREIGN KEY ("attachment_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_requests" ADD CONSTRAINT "recharge_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_requests" ADD CONSTRAINT "recharge_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_allocations_once" ON "bonus_allocations" USING btree ("period_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_periods_start" ON "bonus_periods" USING btree ("starts_on");--> statement-breakpoint
CREATE INDEX "bonus_periods_end" ON "bonus_periods" USING btree ("ends_on");--> statement-breakpoint
CREATE UNIQUE INDEX "installment_reminders_once" ON "installment_reminders" USING btree ("installment_id","kind");--> statement-breakpoint
CREATE INDEX "messages_member_idx" ON "messages" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "recharge_requests_user_idx" ON "recharge_requests" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "recharge_requests_state_idx" ON "recharge_requests" USING btree ("state","id");