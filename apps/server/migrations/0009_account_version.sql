ALTER TABLE "users" ADD COLUMN "account_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A member's account_version goes up, in the same transaction, with every change to what
-- GET /api/my-account-data sums: their payments, loans, loan installments and the postings of
-- their savings account. A process that keeps an answer for version N knows it is still right
-- while the version it reads is N (the answers kept in features/members/routes.ts). Statement triggers with
-- transition tables: a bulk insert raises each member once per statement, not once per row.
CREATE FUNCTION jamiya_raise_account_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME IN ('payments', 'loans') THEN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      UPDATE users SET account_version = account_version + 1
        WHERE id IN (SELECT user_id FROM old_rows);
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      UPDATE users SET account_version = account_version + 1
        WHERE id IN (SELECT user_id FROM new_rows);
    END IF;
  ELSIF TG_TABLE_NAME = 'loan_installments' THEN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      UPDATE users SET account_version = account_version + 1
        WHERE id IN (SELECT l.user_id FROM loans l JOIN old_rows r ON r.loan_id = l.id);
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      UPDATE users SET account_version = account_version + 1
        WHERE id IN (SELECT l.user_id FROM loans l JOIN new_rows r ON r.loan_id = l.id);
    END IF;
  ELSIF TG_TABLE_NAME = 'postings' THEN
    -- Postings are append-only (0001): only inserts reach here.
    UPDATE users SET account_version = account_version + 1
      WHERE id IN (SELECT a.user_id FROM ledger_accounts a JOIN new_rows r ON r.account_id = a.id);
  ELSE
    RAISE EXCEPTION 'jamiya_raise_account_version does not know %', TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payments_account_version_ins AFTER INSERT ON payments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION jamiya_raise_account_version();
--> statement-breakpoint
CREATE TRIGGER payments_account_version_upd AFTER UPDATE ON payments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION jamiya_raise_account_version();
--> statement-breakpoint
CREATE TRIGGER payments_account_version_del AFTER DELETE ON payments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION jamiya_raise_account_version();
--> statement-breakpoint
CREATE TRIGGER loans_account_version_ins AFTER INSERT ON loans
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION jamiya_raise_account_version();
--> statement-breakpoint
CREATE TRIGGER loans_account_version_upd AFTER UPDATE ON loans
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION jamiya_raise_account_version();
--> statement-breakpoint
CREATE TRIGGER loans_account_version_del AFTER DELETE ON loans
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION jamiya_raise_account_version();
--> statement-breakpoint
CREATE TRIGGER loan_installments_account_version_ins AFTER INSERT ON loan_installments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION jamiya_raise_account_version();
--> statement-breakpoint
CREATE TRIGGER loan_installments_account_version_upd AFTER UPDATE ON loan_installments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION jamiya_raise_account_version();
--> statement-breakpoint
CREATE TRIGGER loan_installments_account_version_del AFTER DELETE ON loan_installments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION jamiya_raise_account_version();
--> statement-breakpoint
CREATE TRIGGER postings_account_version_ins AFTER INSERT ON postings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION jamiya_raise_account_version();
