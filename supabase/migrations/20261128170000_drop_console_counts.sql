-- console_counts answered the console's first counts view, which the funnel view (console_funnel)
-- replaced: nothing calls it, and a function nothing calls is one more door to keep shut.
drop function public.console_counts(date, date);
