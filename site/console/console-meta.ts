import { consolePath, type PageMeta } from '../page-meta.ts'
import { brand } from '../site-copy.ts'

/**
 * The console's title and description, kept beside the console rather than in the site's page
 * table so that its words reach staff only, in the console's chunk and its prerendered head.
 * For signed-in staff, so out of the sitemap and of search engines.
 */
export const consolePage: PageMeta = {
  path: consolePath,
  indexable: false,
  title: `Console | ${brand.name}`,
  description: `Where ${brand.name}'s staff read and follow up the demo requests.`,
}
