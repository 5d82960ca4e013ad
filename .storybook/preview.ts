import type { Decorator, Preview } from '@storybook/react-vite'
import { createElement } from 'react'
import { type Language, supportedLanguages } from '#core/languages.ts'
import { FormLanguage } from '../src/copy/form-language.ts'
import { allCopies } from '../src/copy/load-copy.ts'

// Every language's words, fetched before any story renders: the toolbar names each language in
// its own words, and a story in any language then renders at once, as the designer switches.
const copies = await allCopies()

// The form's and the widget's stories in the toolbar's language and direction, as a page would
// ask for them: a `lang` and a `dir` around the story (which <demo-request> reads) and the form's
// own context. A story that sets its own language inside (a Spanish partner page) keeps it. The
// site's pages, and a story whose parameters say `language: false`, stay English and left to
// right.
const directions = ['ltr', 'rtl'] as const

const asThePageAsks: Decorator = (Story, { globals, title, parameters }) => {
  if (!/^(Form|Widget)\//.test(title) || parameters.language === false) return createElement(Story)
  const dir = directions.find((each) => each === globals.direction) ?? 'ltr'
  const language: Language = supportedLanguages.find((each) => each === globals.language) ?? 'en'
  return createElement(
    'div',
    { lang: language, dir },
    createElement(FormLanguage, { value: language }, createElement(Story)),
  )
}

const preview: Preview = {
  parameters: {
    // Every story is checked with axe; a violation fails its test rather than only warning.
    a11y: { test: 'error' },
    controls: { expanded: true },
  },
  globalTypes: {
    language: {
      description: 'The language of the form and the widget, as the page asks for it',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: supportedLanguages.map((language) => ({
          value: language,
          title: copies[language].name,
        })),
        dynamicTitle: true,
      },
    },
    direction: {
      description: "The page's direction, which the form and the widget follow",
      toolbar: {
        title: 'Direction',
        icon: 'transfer',
        items: [
          { value: 'ltr', title: 'Left to right' },
          { value: 'rtl', title: 'Right to left' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { language: 'en', direction: 'ltr' },
  decorators: [asThePageAsks],
}

export default preview
