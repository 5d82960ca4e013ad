// The widget builds' half (Node) for styles: the rule text of src/**/*-styles.ts, which goober
// parses at run time, loses the line breaks, indentation and spaces that are there for a reader,
// as Lit projects minify their `css` literals (242 B of gzip in the standalone script). goober
// names a class after its rule text, so a build's names differ from the source's; the build's
// own forms are the only ones that meet them (the loader's static form renames them anyway).
import { type Plugin, parseSync, Visitor } from 'vite'

const stylesModule = /\/src\/.+-styles\.ts$/

/**
 * `text`, a piece of a template literal of CSS, without the whitespace CSS ignores: next to a
 * brace or a semicolon, after a colon or a comma, and at the template's own start (`atStart`)
 * and end (`atEnd`). Other runs become one space; quoted strings stay as they are. Whitespace
 * before a colon is kept: in a selector (`& :focus`) it means something.
 */
export function compactRuleText(text: string, atStart: boolean, atEnd: boolean): string {
  return text.replace(/'[^']*'|"[^"]*"|\s+/g, (match, at: number) => {
    if (!/^\s/.test(match)) return match
    const before = text[at - 1]
    const after = text[at + match.length]
    if (before === undefined ? atStart : /[{};:,]/.test(before)) return ''
    if (after === undefined ? atEnd : /[{};,]/.test(after)) return ''
    return ' '
  })
}

/** Compacts every template literal of `code`, a styles module, which holds only CSS in them. */
export function compactTemplates(fileName: string, code: string): string {
  const pieces: { start: number; raw: string; text: string }[] = []
  new Visitor({
    TemplateLiteral({ quasis }) {
      quasis.forEach(({ start, end, value: { raw } }, index) => {
        // Oxc's span of a piece takes in its delimiters (`, ${ and }); ESTree's does not.
        const offset = code.slice(start, end).indexOf(raw)
        if (offset < 0) throw new Error(`${fileName}: a template's text is not where it was parsed`)
        const text = compactRuleText(raw, index === 0, index === quasis.length - 1)
        pieces.push({ start: start + offset, raw, text })
      })
    },
  }).visit(parseSync(fileName, code).program)
  let compacted = code
  for (const { start, raw, text } of pieces.sort((a, b) => b.start - a.start)) {
    compacted = compacted.slice(0, start) + text + compacted.slice(start + raw.length)
  }
  return compacted
}

/** For the widget's builds: the styles modules' rule text compacted. */
export function compactRules(): Plugin {
  return {
    name: 'demo-request-compact-rules',
    transform(code, id) {
      if (!stylesModule.test(id)) return undefined
      return { code: compactTemplates(id, code), map: null }
    },
  }
}
