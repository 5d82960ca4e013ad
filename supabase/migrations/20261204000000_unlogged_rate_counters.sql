-- The rate-limit counters are kept out of the write-ahead log. Each lead and each batch of funnel
-- events wrote a new counter row and updated a running total: with their index entries, as many
-- log records as the lead itself, for numbers that matter only until their window closes. After a
-- crash PostgreSQL empties an unlogged table, so at worst a visitor's count for the current window
-- starts again; after a clean stop (and on PGlite, which closes cleanly) they are kept. No lead or
-- count of the funnel lives in them. A read replica does not have them, and nothing reads them
-- there.
alter table public.demo_request_rate_limits set unlogged;
alter table public.demo_request_window_totals set unlogged;
alter table public.demo_request_funnel_rate_limits set unlogged;
