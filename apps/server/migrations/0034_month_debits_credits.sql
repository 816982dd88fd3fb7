ALTER TABLE "ledger_month_totals" ADD COLUMN "debits_fils" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_month_totals" ADD COLUMN "credits_fils" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The debits and credits of the months already kept, by the expressions of month-totals.ts.
UPDATE "ledger_month_totals" t SET "debits_fils" = s.debits, "credits_fils" = s.credits
FROM (
  SELECT to_char(e.occurred_at AT TIME ZONE 'Asia/Dubai', 'YYYY-MM') AS month,
    CASE WHEN a.user_id IS NOT NULL AND a.type = 'liability' THEN 'savings'
      WHEN a.code LIKE 'fines:%' THEN 'fines'
      WHEN a.loan_id IS NOT NULL AND a.type = 'asset' THEN 'loans' ELSE a.code END AS account_class,
    coalesce(sum(p.amount_fils) FILTER (WHERE p.amount_fils > 0), 0) AS debits,
    coalesce(-sum(p.amount_fils) FILTER (WHERE p.amount_fils < 0), 0) AS credits
  FROM "postings" p
  JOIN "ledger_accounts" a ON a.id = p.account_id
  JOIN "journal_entries" e ON e.id = p.entry_id
  GROUP BY 1, 2
) s
WHERE t.month = s.month AND t.account_class = s.account_class;--> statement-breakpoint
ALTER TABLE "ledger_month_totals" ADD CONSTRAINT "ledger_month_totals_sum" CHECK ("ledger_month_totals"."total_fils" = "ledger_month_totals"."debits_fils" - "ledger_month_totals"."credits_fils");
