// The README is the front door and docs/ the manual: every link between them must lead somewhere,
// and the README must stay short enough to read as a front door.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { expect, it } from 'vitest'

const root = new URL('../../', import.meta.url).pathname
// Docs the README links before work merged in parallel writes them; empty once all have merged.
const expected = new Set<string>([])

const docs = readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.md'))
  .map((file) => `docs/${file}`)
const files = ['README.md', ...docs]

const slug = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replaceAll(' ', '-')

/** Every relative link in `file`, as [target path, anchor]. */
function links(file: string): [string, string | undefined][] {
  const text = readFileSync(join(root, file), 'utf8').replace(/```[\s\S]*?```/g, '')
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map(([, href = '']) => href)
    .filter((href) => !/^[a-z]+:/.test(href))
    .map((href) => {
      const [path = '', anchor] = href.split('#')
      return [path ? join(dirname(file), path) : file, anchor]
    })
}

it.each(files)('every link in %s leads to a file and heading that exist', (file) => {
  const broken = links(file).filter(([path, anchor]) => {
    if (expected.has(path)) return false
    if (!existsSync(join(root, path))) return true
    if (!anchor || !path.endsWith('.md')) return false
    const headings = readFileSync(join(root, path), 'utf8').match(/^#+ .*$/gm) ?? []
    return !headings.some((heading) => slug(heading.replace(/^#+ /, '')) === anchor)
  })
  expect(broken).toEqual([])
})

it('lists as expected only files not yet written', () => {
  expect([...expected].filter((path) => existsSync(join(root, path)))).toEqual([])
})

it('keeps the README at 200 lines at most, and links every file in docs/', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8')
  expect(readme.split('\n').length - 1).toBeLessThanOrEqual(200)
  const linked = new Set(links('README.md').map(([path]) => path))
  const topLevel = docs.filter(
    (file) => !file.startsWith('docs/decisions/') || file.endsWith('README.md'),
  )
  expect(topLevel.filter((file) => !linked.has(file))).toEqual([])
})
