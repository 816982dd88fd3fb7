CREATE TABLE "member_numbers" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "member_numbers_one_row" CHECK ("member_numbers"."id" = 1)
);
--> statement-breakpoint
-- The numbers given so far were the users' ids: the counter starts after the highest.
INSERT INTO "member_numbers" ("id", "last")
SELECT 1, coalesce(max(substring("unique_id" from 3)::int), 0) FROM "users" WHERE "unique_id" ~ '^JM[0-9]+$';
--> statement-breakpoint
-- A name or an ID is one line (issue 50): those an import brought in with breaks are joined.
UPDATE "users" SET "name" = btrim(regexp_replace("name", '[\t\n\r]+', ' ', 'g')) WHERE "name" ~ '[\t\n\r]';--> statement-breakpoint
UPDATE "users" SET "national_id" = btrim(regexp_replace("national_id", '[\t\n\r]+', ' ', 'g')) WHERE "national_id" ~ '[\t\n\r]';
