ALTER TABLE "bonus_periods" ADD COLUMN "fines_fils" bigint;--> statement-breakpoint
ALTER TABLE "bonus_periods" ADD COLUMN "other_income_fils" bigint;--> statement-breakpoint
ALTER TABLE "bonus_periods" ADD COLUMN "expenses_fils" bigint;