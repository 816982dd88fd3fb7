-- An update raises each member it touches once, not once for its old rows and again for its new
-- ones: the fine day's upsert of a month raised its member twice (issue 51, point 2).
CREATE OR REPLACE FUNCTION jamiya_raise_account_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME IN ('payments', 'loans', 'dues_months') THEN
    IF TG_OP = 'UPDATE' THEN
      UPDATE users SET account_version = account_version + 1
        WHERE id IN (SELECT user_id FROM old_rows UNION SELECT user_id FROM new_rows);
    ELSIF TG_OP = 'DELETE' THEN
      UPDATE users SET account_version = account_version + 1
        WHERE id IN (SELECT user_id FROM old_rows);
    ELSE
      UPDATE users SET account_version = account_version + 1
        WHERE id IN (SELECT user_id FROM new_rows);
    END IF;
  ELSIF TG_TABLE_NAME = 'loan_installments' THEN
    IF TG_OP = 'UPDATE' THEN
      UPDATE users SET account_version = account_version + 1
        WHERE id IN (SELECT l.user_id FROM loans l
          WHERE l.id IN (SELECT loan_id FROM old_rows UNION SELECT loan_id FROM new_rows));
    ELSIF TG_OP = 'DELETE' THEN
      UPDATE users SET account_version = account_version + 1
        WHERE id IN (SELECT l.user_id FROM loans l JOIN old_rows r ON r.loan_id = l.id);
    ELSE
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
