// `npm run docs`: rewrites the parts of docs/ that the code knows (the partner reference),
// between their markers; the rest of each file is prose and stays as written.
import { readFileSync, writeFileSync } from 'node:fs'
import { replaceBetweenMarkers } from './between-markers.ts'
import { elementApiMarkdown } from './element-api-markdown.ts'

const file = new URL('../docs/embedding.md', import.meta.url)
let text = readFileSync(file, 'utf8')
for (const [name, markdown] of Object.entries(elementApiMarkdown())) {
  text = replaceBetweenMarkers(text, name, markdown)
}
writeFileSync(file, text)
console.log('Wrote the element reference into docs/embedding.md')
