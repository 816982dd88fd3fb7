CREATE TABLE "exits" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"leave_on" date NOT NULL,
	"pay_to" text NOT NULL,
	"requested_by" integer NOT NULL,
	"reason" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"savings_fils" bigint,
	"share_out_fils" bigint,
	"loan_repaid_fils" bigint,
	"fines_paid_fils" bigint,
	"dues_closed_fils" bigint,
	"paid_out_fils" bigint DEFAULT 0 NOT NULL,
	"settled_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "exits_paid_out" CHECK ("exits"."paid_out_fils" >= 0)
);
--> statement-breakpoint
ALTER TABLE "dues_months" ADD COLUMN "settled_at_exit_fils" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "share_out_at_exit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "left_on" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "leaving_on" date;--> statement-breakpoint
ALTER TABLE "exits" ADD CONSTRAINT "exits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exits" ADD CONSTRAINT "exits_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exits_user_idx" ON "exits" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "exits_one_open" ON "exits" USING btree ("user_id") WHERE "exits"."state" in ('requested', 'holding');