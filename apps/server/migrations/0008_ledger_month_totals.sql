CREATE TABLE "ledger_month_totals" (
	"month" text NOT NULL,
	"account_class" text NOT NULL,
	"total_fils" bigint NOT NULL,
	CONSTRAINT "ledger_month_totals_month_account_class_pk" PRIMARY KEY("month","account_class")
);--> statement-breakpoint
INSERT INTO "ledger_month_totals" ("month", "account_class", "total_fils")
SELECT to_char(e.occurred_at AT TIME ZONE 'Asia/Dubai', 'YYYY-MM'),
  CASE WHEN a.user_id IS NOT NULL AND a.type = 'liability' THEN 'savings'
    WHEN a.loan_id IS NOT NULL AND a.type = 'asset' THEN 'loans' ELSE a.code END,
  sum(p.amount_fils)
FROM "postings" p
JOIN "ledger_accounts" a ON a.id = p.account_id
JOIN "journal_entries" e ON e.id = p.entry_id
GROUP BY 1, 2;
