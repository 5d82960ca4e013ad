// The form in each of its languages, asked for as a page asks: the element's `lang`, which the
// live form follows at once, keeping what was typed (src/copy/page-language.ts).
import type { Page } from 'playwright-core'
import type { Language } from '#core/languages.ts'

/** Gives the page's `<demo-request>` `lang="<language>"` and waits until its form speaks it. */
export async function speak(page: Page, language: Language): Promise<void> {
  await page
    .locator('demo-request')
    .evaluate((element, lang) => element.setAttribute('lang', lang), language)
  await page.waitForFunction(
    (lang) =>
      document
        .querySelector('demo-request')
        ?.shadowRoot?.querySelector('form')
        ?.closest('[lang]')
        ?.getAttribute('lang') === lang,
    language,
  )
}
