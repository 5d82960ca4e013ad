import type { Decorator, Preview } from '@storybook/react-vite'
import { createElement } from 'react'
import { copies } from '../src/copy/copies.ts'
import { FormLanguage } from '../src/copy/form-language.ts'
import { type Language, supportedLanguages } from '../src/copy/languages.ts'

// The form's and the widget's stories in the toolbar's language, as a page would ask for it: a
// `lang` around the story (which <demo-request> reads) and the form's own context. A story that
// sets its own language inside (a Spanish partner page) keeps it. The site's pages stay English,
// as does a story whose parameters say `language: false`.
const inLanguage: Decorator = (Story, { globals, title, parameters }) => {
  if (!/^(Form|Widget)\//.test(title) || parameters.language === false) return createElement(Story)
  const language: Language = supportedLanguages.find((each) => each === globals.language) ?? 'en'
  return createElement(
    'div',
    { lang: language },
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
  },
  initialGlobals: { language: 'en' },
  decorators: [inLanguage],
}

export default preview
