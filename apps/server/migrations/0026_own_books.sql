CREATE TABLE "bank_line_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"line_id" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_lines" ADD COLUMN "link_kind" text;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "proposed_by" integer;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "reason_code" text;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "evidence_file_id" uuid;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "name_ar" text;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "one_admin_bank_fee_fils" bigint DEFAULT 10000 NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_line_keys" ADD CONSTRAINT "bank_line_keys_line_id_bank_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."bank_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_line_keys_line_idx" ON "bank_line_keys" USING btree ("line_id");--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_evidence_file_id_files_id_fk" FOREIGN KEY ("evidence_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_one_admin_bank_fee" CHECK ("settings"."one_admin_bank_fee_fils" between 0 and 1000000);
--> statement-breakpoint
-- The chart of accounts (docs/domain/accounts.md): Jamiya's own accounts, and the income and
-- expense accounts an association starts with, which it may rename or retire.
INSERT INTO "ledger_accounts" ("code", "type", "name", "name_ar") VALUES
  ('cash', 'asset', 'Cash and bank', 'النقد والبنك'),
  ('cash_box', 'asset', 'Cash box', 'صندوق النقد'),
  ('interest_income', 'income', 'Interest income', 'إيرادات الفوائد'),
  ('fines_income', 'income', 'Late fines', 'غرامات التأخير'),
  ('loan_losses', 'expense', 'Loans written off', 'قروض مشطوبة'),
  ('opening_equity', 'equity', 'Opening equity', 'حقوق الملكية الافتتاحية'),
  ('bank_charges', 'expense', 'Bank charges', 'رسوم بنكية'),
  ('bank_interest', 'income', 'Bank interest received', 'فوائد بنكية مستلمة'),
  ('meeting_costs', 'expense', 'Meeting and AGM costs', 'تكاليف الاجتماعات والجمعية العمومية'),
  ('stationery', 'expense', 'Stationery and printing', 'القرطاسية والطباعة'),
  ('other_income', 'income', 'Other income', 'إيرادات أخرى'),
  ('other_expenses', 'expense', 'Other expenses', 'مصروفات أخرى')
ON CONFLICT ("code") DO UPDATE SET "name_ar" = EXCLUDED."name_ar";
--> statement-breakpoint
-- Lines linked before links had kinds: a payment recorded from the line was assigned; the rest
-- were matches.
UPDATE "bank_lines" SET "link_kind" = CASE
    WHEN "payment_id" IS NOT NULL AND EXISTS (
      SELECT 1 FROM "audit_log" a
       WHERE a."action" = 'payment.from_bank' AND a."target_id" = "bank_lines"."payment_id"::text)
      THEN 'assign'
    ELSE 'match' END
  WHERE "payment_id" IS NOT NULL OR "entry_id" IS NOT NULL;
--> statement-breakpoint
-- Each line is known by its own dedupe key to begin with.
INSERT INTO "bank_line_keys" ("key", "line_id") SELECT "dedupe_key", "id" FROM "bank_lines";
