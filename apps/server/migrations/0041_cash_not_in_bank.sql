CREATE TABLE "cash_not_in_bank" (
	"entry_id" bigint PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cash_not_in_bank" ADD CONSTRAINT "cash_not_in_bank_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_not_in_bank_occurred_idx" ON "cash_not_in_bank" USING btree ("occurred_at","entry_id");--> statement-breakpoint
INSERT INTO cash_not_in_bank (entry_id, occurred_at)
SELECT e.id, e.occurred_at FROM journal_entries e
 WHERE e.kind NOT IN ('opening', 'reversal')
   AND EXISTS (SELECT 1 FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
                WHERE p.entry_id = e.id AND a.code = 'cash')
   AND NOT EXISTS (SELECT 1 FROM bank_lines b WHERE b.entry_id = e.id);
--> statement-breakpoint
-- A line linked to an entry takes it out; unlinked (or removed), the entry comes back.
CREATE FUNCTION cash_not_in_bank_of_lines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.entry_id IS NOT NULL THEN
    INSERT INTO cash_not_in_bank (entry_id, occurred_at)
    SELECT e.id, e.occurred_at FROM journal_entries e
     WHERE e.id = OLD.entry_id AND e.kind NOT IN ('opening', 'reversal')
       AND EXISTS (SELECT 1 FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
                    WHERE p.entry_id = e.id AND a.code = 'cash')
    ON CONFLICT (entry_id) DO NOTHING;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.entry_id IS NOT NULL THEN
    DELETE FROM cash_not_in_bank WHERE entry_id = NEW.entry_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bank_lines_cash_not_in_bank_insert AFTER INSERT ON bank_lines FOR EACH ROW
  WHEN (NEW.entry_id IS NOT NULL) EXECUTE FUNCTION cash_not_in_bank_of_lines();
--> statement-breakpoint
CREATE TRIGGER bank_lines_cash_not_in_bank_update AFTER UPDATE OF entry_id ON bank_lines FOR EACH ROW
  WHEN (OLD.entry_id IS DISTINCT FROM NEW.entry_id) EXECUTE FUNCTION cash_not_in_bank_of_lines();
--> statement-breakpoint
CREATE TRIGGER bank_lines_cash_not_in_bank_delete AFTER DELETE ON bank_lines FOR EACH ROW
  WHEN (OLD.entry_id IS NOT NULL) EXECUTE FUNCTION cash_not_in_bank_of_lines();
