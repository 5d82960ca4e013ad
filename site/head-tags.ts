import { escapeHtml } from '#core/escape-html.ts'
import { type PageMeta, pageUrl } from './page-meta.ts'
import { siteCopy } from './site-copy.ts'

/** The `<head>` tags of a prerendered page: title, description, canonical and Open Graph. */
export function headTags(page: PageMeta, origin: string): string {
  const url = pageUrl(origin, page)
  const tags = [
    `<title>${escapeHtml(page.title)}</title>`,
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
    page.indexable
      ? `<link rel="canonical" href="${escapeHtml(url)}" />`
      : '<meta name="robots" content="noindex" />',
    page.indexable ? `<meta property="og:url" content="${escapeHtml(url)}" />` : '',
    '<meta property="og:type" content="website" />',
    `<meta property="og:site_name" content="${escapeHtml(siteCopy.meta.siteName)}" />`,
    `<meta property="og:locale" content="${siteCopy.meta.locale}" />`,
    `<meta property="og:title" content="${escapeHtml(page.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(page.description)}" />`,
    '<meta name="twitter:card" content="summary" />',
  ]
  return tags.filter(Boolean).join('\n    ')
}
