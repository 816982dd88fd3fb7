CREATE TABLE "dues_months" (
	"user_id" integer NOT NULL,
	"period" text NOT NULL,
	"reminded_at" timestamp with time zone,
	"salary_late_on" date,
	"fine_fils" bigint DEFAULT 0 NOT NULL,
	"fined_at" timestamp with time zone,
	"fine_entry_id" bigint,
	"waived_fils" bigint DEFAULT 0 NOT NULL,
	"waived_at" timestamp with time zone,
	"waived_by" integer,
	"waive_reason" text,
	"waiver_entry_id" bigint,
	CONSTRAINT "dues_months_user_id_period_pk" PRIMARY KEY("user_id","period"),
	CONSTRAINT "dues_months_fine" CHECK ("dues_months"."fine_fils" >= 0 and "dues_months"."waived_fils" between 0 and "dues_months"."fine_fils")
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "due_day" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "reminder_days_before" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "grace_days" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "fine_fils" bigint DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "fine_percent" integer;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "fines_since" date DEFAULT (now() at time zone 'Asia/Dubai')::date NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "payday" smallint;--> statement-breakpoint
ALTER TABLE "dues_months" ADD CONSTRAINT "dues_months_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dues_months" ADD CONSTRAINT "dues_months_waived_by_users_id_fk" FOREIGN KEY ("waived_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_due_day" CHECK ("settings"."due_day" between 1 and 28);--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_reminder_days" CHECK ("settings"."reminder_days_before" between 0 and 27);--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_grace_days" CHECK ("settings"."grace_days" between 0 and 60);--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_fine" CHECK ("settings"."fine_fils" >= 0);--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_fine_percent" CHECK ("settings"."fine_percent" is null or "settings"."fine_percent" between 1 and 100);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_payday_check" CHECK ("users"."payday" is null or "users"."payday" between 1 and 31);
--> statement-breakpoint
-- A month's fine, waiver and "my salary is late" are part of GET /api/my-account-data's rows:
-- dues_months raises the member's account_version as payments do (0009).
CREATE OR REPLACE FUNCTION jamiya_raise_account_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME IN ('payments', 'loans', 'dues_months') THEN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      UPDATE users SET account_version = account_version + 1
        WHERE id IN (SELECT user_id FROM old_rows);
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      UPDATE users SET account_version = account_version + 1
        WHERE id IN (SELECT user_id FROM new_rows);
    END IF;
  ELSIF TG_TABLE_NAME = 'loan_installments' THEN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      UPDATE users SET account_version = account_version + 1
        WHERE id IN (SELECT l.user_id FROM loans l JOIN old_rows r ON r.loan_id = l.id);
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      UPDATE users SET account_version = account_version + 1
        WHERE id IN (SELECT l.user_id FROM loans l JOIN new_rows r ON r.loan_id = l.id);
    END IF;
  ELSIF TG_TABLE_NAME = 'postings' THEN
    -- Postings are append-only (0001): only inserts reach here.
    UPDATE users SET account_version = account_version + 1
      WHERE id IN (SELECT a.user_id FROM ledger_accounts a JOIN new_rows r ON r.account_id = a.id);
  ELSE
    RAISE EXCEPTION 'jamiya_raise_account_version does not know %', TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER dues_months_account_version_ins AFTER INSERT ON dues_months
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION jamiya_raise_account_version();
--> statement-breakpoint
CREATE TRIGGER dues_months_account_version_upd AFTER UPDATE ON dues_months
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION jamiya_raise_account_version();
