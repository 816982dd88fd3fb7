CREATE TABLE "dues_job_inbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dues_job_inbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer
);
--> statement-breakpoint
-- A change that can give the dues job work before tomorrow (a member joined, a receipt
-- rejected, a payday moved, the rules changed) leaves the member in the inbox; settings leave
-- a null: everyone.
CREATE FUNCTION dues_job_inbox_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'settings' THEN
    INSERT INTO dues_job_inbox (user_id) VALUES (NULL);
  ELSIF TG_TABLE_NAME = 'users' THEN
    INSERT INTO dues_job_inbox (user_id) VALUES (NEW.id);
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO dues_job_inbox (user_id) VALUES (OLD.user_id);
  ELSE
    INSERT INTO dues_job_inbox (user_id) VALUES (NEW.user_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payments_dues_job_insert AFTER INSERT ON payments FOR EACH ROW
  WHEN (NEW.kind = 'dues') EXECUTE FUNCTION dues_job_inbox_add();
--> statement-breakpoint
CREATE TRIGGER payments_dues_job_update AFTER UPDATE ON payments FOR EACH ROW
  WHEN (NEW.kind = 'dues' AND (OLD.status, OLD.period, OLD.amount_fils, OLD.approved_amount_fils, OLD.month_due_fils)
    IS DISTINCT FROM (NEW.status, NEW.period, NEW.amount_fils, NEW.approved_amount_fils, NEW.month_due_fils))
  EXECUTE FUNCTION dues_job_inbox_add();
--> statement-breakpoint
CREATE TRIGGER payments_dues_job_delete AFTER DELETE ON payments FOR EACH ROW
  WHEN (OLD.kind = 'dues') EXECUTE FUNCTION dues_job_inbox_add();
--> statement-breakpoint
CREATE TRIGGER users_dues_job_insert AFTER INSERT ON users FOR EACH ROW
  WHEN (NEW.is_member) EXECUTE FUNCTION dues_job_inbox_add();
--> statement-breakpoint
CREATE TRIGGER users_dues_job_update AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.is_member, OLD.status, OLD.joined_on, OLD.created_at, OLD.payday, OLD.language, OLD.left_on, OLD.leaving_on)
    IS DISTINCT FROM (NEW.is_member, NEW.status, NEW.joined_on, NEW.created_at, NEW.payday, NEW.language, NEW.left_on, NEW.leaving_on))
  EXECUTE FUNCTION dues_job_inbox_add();
--> statement-breakpoint
CREATE TRIGGER dues_months_dues_job_insert AFTER INSERT ON dues_months FOR EACH ROW
  WHEN (NEW.salary_late_on IS NOT NULL) EXECUTE FUNCTION dues_job_inbox_add();
--> statement-breakpoint
CREATE TRIGGER dues_months_dues_job_update AFTER UPDATE ON dues_months FOR EACH ROW
  WHEN (OLD.salary_late_on IS DISTINCT FROM NEW.salary_late_on OR (OLD.reminded_at IS NOT NULL AND NEW.reminded_at IS NULL)
    OR (OLD.fined_at IS NOT NULL AND NEW.fined_at IS NULL))
  EXECUTE FUNCTION dues_job_inbox_add();
--> statement-breakpoint
CREATE TRIGGER dues_months_dues_job_delete AFTER DELETE ON dues_months FOR EACH ROW
  EXECUTE FUNCTION dues_job_inbox_add();
--> statement-breakpoint
CREATE TRIGGER settings_dues_job AFTER UPDATE ON settings FOR EACH STATEMENT
  EXECUTE FUNCTION dues_job_inbox_add();
