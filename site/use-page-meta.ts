import { useEffect } from 'react'
import { type PageKey, type PageMeta, pages, pageUrl } from './page-meta.ts'

function setContent(selector: string, value: string): void {
  document.head.querySelector(selector)?.setAttribute('content', value)
}

/**
 * Keeps the prerendered head in step after client-side navigation. The first render changes
 * nothing: the prerendered head already describes the page. A page outside the site's table
 * (the console's) passes its own meta, a constant of its module.
 */
export function usePageMeta(key: PageKey | PageMeta): void {
  useEffect(() => {
    const page = typeof key === 'string' ? pages[key] : key
    document.title = page.title
    setContent('meta[name="description"]', page.description)
    setContent('meta[property="og:title"]', page.title)
    setContent('meta[property="og:description"]', page.description)
    const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')
    if (!canonical || !page.indexable) return
    // The origin comes from the prerendered canonical, which carries SITE_URL.
    const url = pageUrl(new URL(canonical.href).origin, page)
    canonical.href = url
    setContent('meta[property="og:url"]', url)
  }, [key])
}
