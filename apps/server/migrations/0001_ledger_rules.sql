-- The books are append-only: a correction is a new (reversing) entry, never an edit.
CREATE FUNCTION jamiya_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'journal rows are append-only (% on %)', TG_OP, TG_TABLE_NAME;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER journal_entries_append_only BEFORE UPDATE OR DELETE ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION jamiya_refuse_change();
--> statement-breakpoint
CREATE TRIGGER postings_append_only BEFORE UPDATE OR DELETE ON postings
  FOR EACH ROW EXECUTE FUNCTION jamiya_refuse_change();
--> statement-breakpoint
ALTER TABLE postings ADD CONSTRAINT postings_amount_nonzero CHECK (amount_fils <> 0);
--> statement-breakpoint
ALTER TABLE settings ADD CONSTRAINT settings_single_row CHECK (id = 1);
--> statement-breakpoint
ALTER TABLE users ADD CONSTRAINT users_status_01 CHECK (status IN (0, 1));
--> statement-breakpoint
INSERT INTO professions (id, name) VALUES (1, 'Not specified') ON CONFLICT DO NOTHING;
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('professions', 'id'), 1);
--> statement-breakpoint
INSERT INTO settings (id, association_name, monthly_due_fils, loan_min_fils, loan_max_fils,
  loan_step_fils, loan_default_fils, loan_terms, loan_max_custom_term, interest_permille, terms_text)
VALUES (1, 'Jamiya', 20000, 50000, 500000, 10000, 100000, '{1,3,6}', 24, 70,
  'Loans carry 7 % flat interest, repaid in equal monthly installments starting one month after disbursement. Review takes 2-3 business days.')
ON CONFLICT DO NOTHING;
