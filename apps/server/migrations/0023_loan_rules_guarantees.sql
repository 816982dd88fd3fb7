CREATE TABLE "loan_guarantees" (
	"id" serial PRIMARY KEY NOT NULL,
	"loan_id" integer NOT NULL,
	"guarantor_id" integer NOT NULL,
	"amount_fils" bigint NOT NULL,
	"state" text DEFAULT 'asked' NOT NULL,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"recovered_fils" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "loan_guarantees_once" UNIQUE("loan_id","guarantor_id"),
	CONSTRAINT "loan_guarantees_amount" CHECK ("loan_guarantees"."amount_fils" > 0),
	CONSTRAINT "loan_guarantees_state" CHECK ("loan_guarantees"."state" in ('asked', 'accepted', 'declined', 'cancelled', 'released'))
);
--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "guarantee_needed_fils" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "min_membership_months" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "max_months_in_arrears" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "savings_multiple" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "guarantor_alert_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "findable_as_guarantor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_guarantees" ADD CONSTRAINT "loan_guarantees_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_guarantees" ADD CONSTRAINT "loan_guarantees_guarantor_id_users_id_fk" FOREIGN KEY ("guarantor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_guarantees_guarantor_idx" ON "loan_guarantees" USING btree ("guarantor_id");