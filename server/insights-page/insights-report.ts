// The report's figures are made where the console function makes them too, so the command and
// the console print the same numbers; the HTML page and its stories read them from here.
export * from '#shared/analytics/insights-report.ts'
