CREATE TABLE "fund_proposals" (
	"id" serial PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"loan_id" integer,
	"reason" text,
	"details" jsonb,
	"state" text DEFAULT 'open' NOT NULL,
	"proposed_by" integer NOT NULL,
	"proposed_at" timestamp with time zone NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "payments_one_live_per_period";--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "original_sha256" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "picture_hash" bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "month_due_fils" bigint;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "payment_instructions" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_member" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "fund_proposals" ADD CONSTRAINT "fund_proposals_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_proposals" ADD CONSTRAINT "fund_proposals_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_proposals" ADD CONSTRAINT "fund_proposals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fund_proposals_one_open" ON "fund_proposals" USING btree ("action",coalesce("loan_id", 0)) WHERE "fund_proposals"."state" = 'open';--> statement-breakpoint
CREATE INDEX "files_original_sha256_idx" ON "files" USING btree ("original_sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_pending_per_period" ON "payments" USING btree ("user_id","period") WHERE "payments"."kind" = 'dues' and "payments"."status" = 'pending';--> statement-breakpoint
-- An admin of an existing association who has paid dues or borrowed is an admin and a member;
-- an admin with no money of their own in the books is an admin only.
UPDATE "users" SET "is_member" = false
  WHERE "role" = 'admin'
    AND NOT EXISTS (SELECT 1 FROM "payments" p WHERE p."user_id" = "users"."id")
    AND NOT EXISTS (SELECT 1 FROM "loans" l WHERE l."user_id" = "users"."id");
--> statement-breakpoint
-- Before part payments, an approved dues submission completed its month, whatever its amount.
UPDATE "payments" SET "month_due_fils" = coalesce("approved_amount_fils", "amount_fils")
  WHERE "kind" = 'dues' AND "status" = 'approved';
