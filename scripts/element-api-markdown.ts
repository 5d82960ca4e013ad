import {
  elementAttributes,
  elementCssParts,
  elementCssProperties,
  elementEvents,
  elementMethods,
  elementProperties,
  globalAttributes,
  loaderAttributes,
} from '../widget/element-api.ts'

/** One list item, wrapped at 100 characters as the rest of the docs are. */
function item(head: string, text: string): string {
  const lines: string[] = []
  let line = '-'
  for (const word of `${head} ${text}`.split(' ')) {
    if ([...`${line} ${word}`].length > 100) {
      lines.push(line)
      line = `  ${word}`
    } else line = `${line} ${word}`
  }
  return [...lines, line].join('\n')
}

/**
 * The partner reference in docs/embedding.md, one block per marker name, built from
 * widget/element-api.ts as /embed and custom-elements.json are, so no copy is written by hand.
 */
export function elementApiMarkdown(): Record<string, string> {
  return {
    'api-attributes': [
      ...elementAttributes.map(({ name, description }) => item(`\`${name}\`:`, description)),
      ...globalAttributes.map(({ name, description }) => item(`\`${name}\`:`, description)),
      ...loaderAttributes.map(({ name, description }) =>
        item(`\`${name}\` (loader only):`, description),
      ),
    ].join('\n'),
    'api-properties': elementProperties
      .map(({ name, type, description }) => item(`\`${name}\` (\`${type}\`):`, description))
      .join('\n'),
    'api-methods': elementMethods
      .map(({ name, parameters, description }) => {
        const signature = parameters.map((p) => `${p.name}: ${p.type}`).join(', ')
        return item(`\`${name}(${signature})\`:`, description)
      })
      .join('\n'),
    'api-events': elementEvents
      .map(({ name, detail, description }) =>
        item(`\`${name}\`, detail \`${detail.replaceAll('|', 'or')}\`:`, description),
      )
      .join('\n'),
    'api-parts': elementCssParts
      .map(({ name, description }) => item(`\`::part(${name})\`:`, description))
      .join('\n'),
    'api-custom-properties': elementCssProperties()
      .map(({ name, default: value }) => item(`\`${name}\`:`, `\`${value}\``))
      .join('\n'),
  }
}
