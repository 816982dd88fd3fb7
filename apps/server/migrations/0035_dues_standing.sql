CREATE TABLE "dues_standing" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"months" integer NOT NULL,
	"owed_fils" bigint NOT NULL,
	"oldest_period" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dues_standing_inbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dues_standing_inbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer
);
--> statement-breakpoint
CREATE TABLE "dues_standing_month" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"month" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dues_standing" ADD CONSTRAINT "dues_standing_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journal_entries_opening_idx" ON "journal_entries" USING btree ("occurred_at") WHERE "journal_entries"."kind" = 'opening';--> statement-breakpoint
-- A change to what a member's months behind are made of (a dues payment, a month's fine,
-- waiver or exit settlement, being an active member and since when) leaves them in the inbox
-- of dues_standing; the rules leave a null: everyone.
CREATE FUNCTION dues_standing_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'settings' THEN
    INSERT INTO dues_standing_inbox (user_id) VALUES (NULL);
  ELSIF TG_TABLE_NAME = 'users' THEN
    INSERT INTO dues_standing_inbox (user_id) VALUES (NEW.id);
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO dues_standing_inbox (user_id) VALUES (OLD.user_id);
  ELSE
    INSERT INTO dues_standing_inbox (user_id) VALUES (NEW.user_id);
    IF TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id THEN
      INSERT INTO dues_standing_inbox (user_id) VALUES (OLD.user_id);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payments_dues_standing_insert AFTER INSERT ON payments FOR EACH ROW
  WHEN (NEW.kind = 'dues') EXECUTE FUNCTION dues_standing_stale();
--> statement-breakpoint
CREATE TRIGGER payments_dues_standing_update AFTER UPDATE ON payments FOR EACH ROW
  WHEN ((OLD.kind = 'dues' OR NEW.kind = 'dues') AND (OLD.user_id, OLD.kind, OLD.status, OLD.period, OLD.amount_fils, OLD.approved_amount_fils, OLD.month_due_fils)
    IS DISTINCT FROM (NEW.user_id, NEW.kind, NEW.status, NEW.period, NEW.amount_fils, NEW.approved_amount_fils, NEW.month_due_fils))
  EXECUTE FUNCTION dues_standing_stale();
--> statement-breakpoint
CREATE TRIGGER payments_dues_standing_delete AFTER DELETE ON payments FOR EACH ROW
  WHEN (OLD.kind = 'dues') EXECUTE FUNCTION dues_standing_stale();
--> statement-breakpoint
CREATE TRIGGER users_dues_standing_insert AFTER INSERT ON users FOR EACH ROW
  WHEN (NEW.is_member) EXECUTE FUNCTION dues_standing_stale();
--> statement-breakpoint
CREATE TRIGGER users_dues_standing_update AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.is_member, OLD.status, OLD.joined_on, OLD.left_on, OLD.leaving_on)
    IS DISTINCT FROM (NEW.is_member, NEW.status, NEW.joined_on, NEW.left_on, NEW.leaving_on))
  EXECUTE FUNCTION dues_standing_stale();
--> statement-breakpoint
CREATE TRIGGER dues_months_dues_standing_insert AFTER INSERT ON dues_months FOR EACH ROW
  EXECUTE FUNCTION dues_standing_stale();
--> statement-breakpoint
CREATE TRIGGER dues_months_dues_standing_update AFTER UPDATE ON dues_months FOR EACH ROW
  WHEN ((OLD.user_id, OLD.period, OLD.fine_fils, OLD.waived_fils, OLD.settled_at_exit_fils)
    IS DISTINCT FROM (NEW.user_id, NEW.period, NEW.fine_fils, NEW.waived_fils, NEW.settled_at_exit_fils))
  EXECUTE FUNCTION dues_standing_stale();
--> statement-breakpoint
CREATE TRIGGER dues_months_dues_standing_delete AFTER DELETE ON dues_months FOR EACH ROW
  EXECUTE FUNCTION dues_standing_stale();
--> statement-breakpoint
CREATE TRIGGER settings_dues_standing AFTER UPDATE ON settings FOR EACH STATEMENT
  EXECUTE FUNCTION dues_standing_stale();
