DROP INDEX "payments_user_idx";--> statement-breakpoint
DROP INDEX "payments_status_idx";--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("status","id");