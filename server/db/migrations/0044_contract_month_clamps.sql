-- Month n of a contract begins on its start day n - 1 months on, or on that month's last day where it is shorter:
-- a contract begun on Jan 31 is due on Feb 28, Mar 31, Apr 30. The first version overflowed into the next month
-- (Feb 1 + 30 days = Mar 3), so February had no installment and March had two.
CREATE OR REPLACE FUNCTION contract_month_start(start_day date, n integer) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT (start_day + make_interval(months => n - 1))::date $$;--> statement-breakpoint
-- Usage months recorded under the overflowed dates move to the month they belong to (only starts on the 29th–31st
-- ever differ).
UPDATE contract_monthly_usage m
SET starting_date = (c.start_date + make_interval(months => k.n - 1))::date
FROM contracts c, generate_series(1, 24) AS k(n)
WHERE m.contract_id = c.id
  AND extract(day from c.start_date) > 28
  AND m.starting_date = (date_trunc('month', c.start_date)
    + make_interval(months => k.n - 1, days => extract(day from c.start_date)::int - 1))::date
  AND m.starting_date <> (c.start_date + make_interval(months => k.n - 1))::date;
