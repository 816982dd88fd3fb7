DROP INDEX "fund_proposals_one_open";--> statement-breakpoint
ALTER TABLE "fund_proposals" ADD COLUMN "member_id" integer;--> statement-breakpoint
ALTER TABLE "fund_proposals" ADD CONSTRAINT "fund_proposals_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fund_proposals_one_open" ON "fund_proposals" USING btree ("action",coalesce("loan_id", 0),coalesce("member_id", 0)) WHERE "fund_proposals"."state" = 'open';