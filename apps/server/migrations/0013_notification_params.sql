ALTER TABLE "notifications" ADD COLUMN "params" jsonb;--> statement-breakpoint
-- Notifications are stored as a text and its values and put in the reader's language when read
-- (issue 23). Those written before were English sentences: they become the "asWritten" text,
-- which shows their title and body as they were written, in every language.
UPDATE "notifications" SET "params" = jsonb_build_object(
  'text', 'asWritten',
  'values', jsonb_build_object('title', "title", 'body', "body")
);--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "params" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "title";--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "body";
