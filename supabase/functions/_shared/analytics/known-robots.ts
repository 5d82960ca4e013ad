// Crawlers and headless browsers that run a page's scripts, by the words their user agents carry:
// search engines' renderers (Googlebot, bingbot, …), link previewers, SEO and uptime crawlers,
// audit tools (Lighthouse, PageSpeed) and automation (HeadlessChrome, PhantomJS, …). A
// person's browser carries none of them.
const robotWords =
  /bot\b|bot\/|crawl|spider|slurp|mediapartners|headless|phantomjs|lighthouse|pagespeed|google-inspectiontool|facebookexternalhit|embedly|prerender|puppeteer|playwright|selenium|webdriver|python|curl|wget|go-http-client|node-fetch|axios|java\//i

/**
 * Whether `userAgent` names a known crawler or headless browser, whose views are not counted.
 * The header is read here and dropped: nothing of it is stored or logged.
 */
export const isKnownRobot = (userAgent: string | null) =>
  userAgent !== null && robotWords.test(userAgent)
