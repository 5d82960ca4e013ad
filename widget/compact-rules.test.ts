import { css as gooberCss } from 'goober'
import { transform } from 'lightningcss'
import { runnerImport } from 'vite'
import { describe, expect, it } from 'vitest'
import * as source from '../src/form/form-styles.ts'
import { compactRules, compactRuleText, compactTemplates } from './compact-rules.ts'

// What goober makes of `rules`, its class name left out, as Lightning CSS minifies it.
function compiled(rules: string): string {
  const sheet = { data: '' }
  const name = gooberCss.call({ target: sheet as unknown as HTMLElement }, rules)
  const code = Buffer.from(sheet.data.replaceAll(name, 'rule'))
  return transform({ filename: 'rules.css', code, minify: true }).code.toString()
}

describe('compactRuleText', () => {
  it('drops what CSS ignores and keeps what it reads', () => {
    const rules = `
      grid-template-columns: repeat(auto-fit, minmax(min(100%, 13em), 1fr));
      width: calc(100vw - 2em);
      & *,
      & *::before {
        content: ' a,  b ';
      }
      & :focus-visible {
        outline: 3px solid;
      }
    `
    expect(compactRuleText(rules, true, true)).toBe(
      "grid-template-columns:repeat(auto-fit,minmax(min(100%,13em),1fr));width:calc(100vw - 2em);& *,& *::before{content:' a,  b ';}& :focus-visible{outline:3px solid;}",
    )
  })

  it('keeps a space beside an interpolation unless a brace, semicolon, colon or comma is there', () => {
    expect(compactRuleText('\n  border: 1px solid ', true, false)).toBe('border:1px solid ')
    expect(compactRuleText('\n    }\n  ', false, true)).toBe('}')
    expect(compactRuleText(' ', false, false)).toBe(' ')
  })
})

describe('compactTemplates', () => {
  it('compacts each piece of every template literal, and nothing outside them', () => {
    const module =
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a module's source, template literals in it
      "// a comment  → kept\nconst rule = `\n  color: ${cssVar('colorText')};\n  & a {\n    ${focus}\n  }\n`"
    expect(compactTemplates('rules-styles.ts', module)).toBe(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the same, compacted
      "// a comment  → kept\nconst rule = `color:${cssVar('colorText')};& a{${focus}}`",
    )
  })

  it("leaves goober's CSS for the form's rules as it was, but for the class names", async () => {
    const { module: built } = await runnerImport<typeof source>('/src/form/form-styles.ts', {
      configFile: false,
      logLevel: 'silent',
      plugins: [compactRules()],
    })
    const rules = { ...source.formRules, ...source.messageRules }
    const builtRules: Record<string, string> = { ...built.formRules, ...built.messageRules }
    expect(Object.keys(builtRules)).toEqual(Object.keys(rules))
    for (const [name, text] of Object.entries(rules)) {
      expect(builtRules[name]?.length).toBeLessThan(text.length)
      expect(compiled(builtRules[name] ?? '')).toBe(compiled(text))
    }
  })
})
