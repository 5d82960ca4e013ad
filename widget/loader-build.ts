// The loader's build-time half (Node): the static form as strings, so the loader ships no
// goober, valibot or copy-building code, and the full widget under a name made from its content,
// which a browser may cache for good.
import { createHash } from 'node:crypto'
import { readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { transform } from 'lightningcss'
import { build, type Plugin, type Rolldown, type UserConfig } from 'vite'
import { type FormFields, fieldsSetting, formatFormFields } from '#core/contact-fields.ts'
import { type Language, supportedLanguages } from '#core/languages.ts'
import { allCopies } from '../src/copy/load-copy.ts'
import { privacyUrlOn } from '../src/form/config.ts'
import { staticForm } from '../src/form/static-form.ts'
import { attributeProps } from './element-attributes.ts'
import { buildFields } from './fields-setting.ts'

const moduleId = 'virtual:demo-request-loader'
const formsModuleId = 'virtual:demo-request-static-forms'

/** Beside the widget: the DEMO_REQUEST_FIELDS it was built with, as `{"DEMO_REQUEST_FIELDS": "email"}`. */
export const builtFieldsFile = 'demo-request-fields.json'
// The files earlier builds left beside the loader under names made from their content.
const hashedScriptName = /^demo-request-(full|static)-[0-9a-f]+\.js(\.br|\.gz)?$/

/**
 * The names the full widget and the static form script are published under beside the loader:
 * one hash of both contents, so that either's change renames both, and the loader, which names
 * both, repeats one hash rather than carrying two.
 */
export function scriptFileNames(full: Uint8Array, staticForms: string) {
  const hash = createHash('sha256').update(full).update(staticForms).digest('hex').slice(0, 10)
  return { full: `demo-request-full-${hash}.js`, static: `demo-request-static-${hash}.js` }
}

/**
 * The static form made smaller for the loader's 2 kB budget, with the same boxes and looks:
 * goober's long class names (unique, and shared with the live form, which the loader's copy need
 * not be) become letters, and attributes go that the static form needs not: values and states it
 * shows empty, names (each control's id is its field's name instead, which the hand-over reads),
 * the autofill tokens and quotes. The CSS loses the rules for states a static form never reaches
 * (invalid, disabled) or reaches only for a moment (hover, an open list) before Lightning CSS
 * (Vite's own) minifies the rest.
 */
export function compactStaticForm({ html, css }: { html: string; css: string }) {
  const classes = [...new Set(html.match(/\bgo\d+\b/g))]
  const rename = (text: string) =>
    text.replace(/\bgo\d+\b/g, (name) => {
      const index = classes.indexOf(name)
      return index < 0 || index > 25 ? name : String.fromCharCode(97 + index)
    })
  const staticCss = rename(css)
    // States it never reaches (invalid, disabled), and two it holds only for a moment: until the
    // take-over the button shows no hover, and an open list its options in the muted colour of
    // the unchosen select (still 7.5:1 on white). Those two rules cost the loader 28 bytes.
    .replace(
      /\.[\w-]+(\[aria-invalid='true'\]|:disabled|:hover:not\(:disabled\)| option)\{[^}]*\}/g,
      '',
    )
    // The static button is never disabled, and nothing in the static form has a ::before.
    .replace(/:not\(:disabled\)/g, '')
    .replace(/, \.[\w-]+ \*::before/g, '')
  return {
    html: rename(html)
      // React's ids are unique per render; in a shadow root of its own the field's name will do.
      .replace(/ (id|for)="[^"]*-(\w+)"/g, ' $1="$2"')
      .replace(/ (name|aria-invalid|novalidate|selected)="[^"]*"/gi, '')
      .replace(/ type="text"/g, '')
      // Autofill tokens wait for the live form: focusing a field fetches it, and the browser
      // still recognises the fields by their ids and labels meanwhile.
      .replace(/ autocomplete="[\w-]+"/gi, '')
      .replace(/<option value="([^"]+)">\1</g, '<option>$1<')
      .replace(/(<input[^>]*) value=""/g, '$1')
      .replace(/=""/g, '')
      .replace(/\/>/g, '>')
      .replace(/="([\w-]+)"/g, '=$1'),
    // No targets: the CSS is written for current browsers, and is to stay as written. Lightning
    // CSS keeps a var()'s fallback as written, so the font list's spaces go by hand.
    css: transform({ filename: 'static-form.css', code: Buffer.from(staticCss), minify: true })
      .code.toString()
      .replace(/, /g, ','),
  }
}

// The static form in `language`, made smaller. It links the default privacy notice, as the live
// form does for a build with `siteUrl` as SITE_URL; an element's privacy-url replaces it.
const compactFormIn = (language: Language, siteUrl: string | undefined, fields: FormFields) =>
  compactStaticForm(staticForm({ privacyUrl: privacyUrlOn(siteUrl), fields, language }))

/**
 * What `virtual:demo-request-loader` exports, as module source: the English static form, its
 * CSS (every language's: only the words differ), and the names of the scripts beside it.
 */
export function loaderModuleSource(
  fullScript: string,
  siteUrl: string | undefined,
  fields: FormFields = [],
  staticScript = 'demo-request-static.js',
): string {
  const { html, css } = compactFormIn('en', siteUrl, fields)
  const privacy = attributeProps.find(({ prop }) => prop === 'privacyUrl')
  return [
    `export const html = ${JSON.stringify(html)}`,
    // The held place (loader-element.ts): the English form, unseen, keeps the form's height while
    // the static form script comes. After the form's rules, so that it wins over the root's own.
    `export const css = ${JSON.stringify(`${css}.Z{opacity:0}`)}`,
    `export const privacyAttribute = ${JSON.stringify(privacy?.name)}`,
    `export const fullScript = ${JSON.stringify(fullScript)}`,
    `export const staticScript = ${JSON.stringify(staticScript)}`,
  ].join('\n')
}

/** What `virtual:demo-request-static-forms` exports: the static form in each other language. */
export async function staticFormsModuleSource(
  siteUrl: string | undefined,
  fields: FormFields = [],
) {
  // Their words are fetched when first spoken, in Node as in a browser (src/copy/copies.ts).
  await allCopies()
  const forms = Object.fromEntries(
    supportedLanguages
      .filter((language) => language !== 'en')
      .map((language) => [language, compactFormIn(language, siteUrl, fields).html]),
  )
  return `export const forms = ${JSON.stringify(forms)}`
}

/**
 * The static form script, built as the loader is (a classic script, minified) from
 * widget/static-forms.ts: the page-language rule and the other languages' static forms.
 */
async function buildStaticFormsScript(
  siteUrl: string | undefined,
  fields: FormFields,
): Promise<string> {
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'demo-request-static-forms',
        resolveId: (source) => (source === formsModuleId ? `\0${formsModuleId}` : undefined),
        load: (id) =>
          id === `\0${formsModuleId}` ? staticFormsModuleSource(siteUrl, fields) : undefined,
      },
    ],
    build: {
      write: false,
      lib: {
        entry: fileURLToPath(new URL('static-forms.ts', import.meta.url)),
        formats: ['iife'],
        name: 'DemoRequestStaticForms',
      },
    },
  })) as Rolldown.RolldownOutput[]
  const chunk = output[0]?.output[0]
  if (chunk?.type !== 'chunk') throw new Error('The static form script was not built')
  return chunk.code
}

// The full widget, built in memory from `config` (vite.config.ts), in the loader's mode: its code,
// and the files its build puts beside it (a copy script for each language but English).
async function buildFullWidget(config: UserConfig, mode: string) {
  const [output] = (await build({
    ...config,
    configFile: false,
    mode,
    logLevel: 'silent',
    build: { ...config.build, write: false },
  })) as Rolldown.RolldownOutput[]
  const [chunk, ...assets] = output?.output ?? []
  if (chunk?.type !== 'chunk') throw new Error('The full widget was not built')
  return { code: chunk.code, assets: assets.filter((file) => file.type === 'asset') }
}

/**
 * Serves `virtual:demo-request-loader` to the loader's build, and publishes the full widget, built
 * from `fullWidget()` (widget/full-widget.ts), as `demo-request-full-<hash>.js` beside it, with the
 * files beside the full widget, and the static form script as `demo-request-static-<hash>.js`,
 * removing what earlier builds left.
 */
export function loaderBuild(fullWidget: () => UserConfig): Plugin {
  let bytes: Buffer
  let fullAssets: Rolldown.OutputAsset[]
  let mode: string
  let fileName: string
  let siteUrl: string | undefined
  let fields: FormFields = []
  let staticCode: string
  let staticName: string
  return {
    name: 'demo-request-loader',
    configResolved(config) {
      mode = config.mode
      siteUrl = config.env.SITE_URL
      fields = buildFields(config.mode, config.envDir || config.root)
    },
    async buildStart() {
      const full = await buildFullWidget(fullWidget(), mode)
      bytes = Buffer.from(full.code)
      fullAssets = full.assets
      staticCode = await buildStaticFormsScript(siteUrl, fields)
      ;({ full: fileName, static: staticName } = scriptFileNames(bytes, staticCode))
    },
    resolveId: (source) => (source === moduleId ? `\0${moduleId}` : undefined),
    load: (id) =>
      id === `\0${moduleId}`
        ? loaderModuleSource(fileName, siteUrl, fields, staticName)
        : undefined,
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: bytes })
      for (const { fileName, source } of fullAssets)
        this.emitFile({ type: 'asset', fileName, source })
      this.emitFile({ type: 'asset', fileName: staticName, source: staticCode })
      // What the form was built with, for `npm run check:deploy` to hold the function's to.
      this.emitFile({
        type: 'asset',
        fileName: builtFieldsFile,
        source: `${JSON.stringify({ [fieldsSetting]: formatFormFields(fields) })}\n`,
      })
    },
    async writeBundle({ dir = '.' }) {
      for (const file of await readdir(dir)) {
        if (!hashedScriptName.test(file)) continue
        if (!file.startsWith(fileName) && !file.startsWith(staticName)) await rm(join(dir, file))
      }
    },
  }
}
