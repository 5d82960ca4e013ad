import { siteCopy } from './site-copy.ts'

export type PageKey = 'home' | 'requestDemo' | 'privacy' | 'terms' | 'embed' | 'notFound'

export interface PageMeta {
  /** Where the page is served; the not-found page answers any unknown path. */
  path: string
  title: string
  description: string
  /** Listed in the sitemap, canonical URL and open to search engines. */
  indexable: boolean
}

export const pages: Record<PageKey, PageMeta> = {
  home: { path: '/', indexable: true, ...siteCopy.meta.home },
  requestDemo: { path: '/request-demo', indexable: true, ...siteCopy.meta.requestDemo },
  privacy: { path: '/privacy', indexable: true, ...siteCopy.meta.privacy },
  terms: { path: '/terms', indexable: true, ...siteCopy.meta.terms },
  embed: { path: '/embed', indexable: true, ...siteCopy.meta.embed },
  notFound: { path: '/404', indexable: false, ...siteCopy.meta.notFound },
}

// The staff console's path, for the route table. Its title and description are the console's
// own (site/console/console-meta.ts): in this table, which every visitor's bundle holds, they
// would reach people who never see the console. A module of its own would be a chunk of its own.
export const consolePath = '/console'

// A share link's page (site/console/share): a funnel view for whoever holds the link, its token
// after `#`, so that no server, log or Referer ever sees it.
export const sharePath = '/share'

// Used when SITE_URL is unset: the address `npm start` serves the site on locally.
const defaultSiteUrl = 'http://localhost:3000'

/** The public origin for canonical and Open Graph URLs, without a trailing slash. */
export function siteOrigin(siteUrl: string | undefined): string {
  return new URL(siteUrl || defaultSiteUrl).origin
}

/** The absolute URL of a page. */
export function pageUrl(origin: string, page: PageMeta): string {
  return new URL(page.path, origin).href
}
