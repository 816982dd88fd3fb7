-- Member search by a part of a name, e-mail, mobile or member ID (trusted since PostgreSQL 13: the
-- database's owner may create it; PGlite loads it in db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_search_trgm" ON "users" USING gin ("name" gin_trgm_ops,"email" gin_trgm_ops,"mobile" gin_trgm_ops,"unique_id" gin_trgm_ops) WITH (fastupdate=false);