/**
 * The package as a partner installs it: `npm pack`, then a fresh React 19 + TypeScript app in a
 * temporary folder installs the tarball from disk (its other packages from the registry, or
 * npm's cache), type-checks a component that uses `<demo-request>` and its events, and builds.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scratchFolder } from '../support/scratch-folder.ts'
import {
  devVersion,
  npmInstall,
  ours,
  type Packed,
  packInto,
  root,
  run,
} from './partner-package.ts'

let app: string
let packed: Packed

beforeAll(async () => {
  app = await scratchFolder('demo-request-host-')
  packed = await packInto(app)
}, 120_000)

afterAll(async () => {
  if (app) await rm(app, { recursive: true, force: true })
})

describe('the npm package', () => {
  it('holds the built widget and nothing of the site, server or tests', () => {
    const paths = packed.files.map((file) => file.path).sort()
    for (const path of paths) {
      expect(path).toMatch(/^(package\.json|README\.md|dist\/widget\/[^/]+\.(js|d\.ts|json))$/)
    }
    expect(paths).toEqual(
      expect.arrayContaining([
        'dist/widget/custom-elements.json',
        'dist/widget/demo-request.d.ts',
        'dist/widget/demo-request.js',
        'dist/widget/demo-request.module.js',
        'dist/widget/vscode.html-custom-data.json',
      ]),
    )
  })

  it('names files that are in it: exports, unpkg, jsdelivr and the manifest', async () => {
    const paths = new Set(packed.files.map((file) => file.path))
    const named = [
      ours.module,
      ours.types,
      ours.customElements,
      ours['web-types'],
      ours.unpkg,
      ours.jsdelivr,
      ...Object.values(ours.exports as Record<string, string | Record<string, string>>).flatMap(
        (target) => (typeof target === 'string' ? [target] : Object.values(target)),
      ),
    ]
    for (const file of named) expect(paths.has(file.replace(/^\.\//, ''))).toBe(true)
    const manifest = JSON.parse(await readFile(join(root, ours.customElements), 'utf8'))
    for (const module of manifest.modules) expect(paths.has(module.path)).toBe(true)
  })

  it('a React 19 + TypeScript app installs it, type-checks its element and events, and builds', async () => {
    await writeFile(
      join(app, 'package.json'),
      JSON.stringify({
        name: 'partner-app',
        private: true,
        type: 'module',
        dependencies: {
          'demo-request': `file:./${packed.filename}`,
          react: devVersion('react'),
          'react-dom': devVersion('react-dom'),
        },
        devDependencies: {
          '@types/react': devVersion('@types/react'),
          '@types/react-dom': devVersion('@types/react-dom'),
          typescript: devVersion('typescript'),
          vite: devVersion('vite'),
        },
      }),
    )
    await writeFile(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'es2022',
          module: 'esnext',
          moduleResolution: 'bundler',
          jsx: 'react-jsx',
          strict: true,
          noEmit: true,
          // Our demo-request.d.ts and React's types are checked; TypeScript's own lib.dom.d.ts
          // and the like are not (about a quarter of tsc's 7 s of CPU; they ship checked).
          skipLibCheck: false,
          skipDefaultLibCheck: true,
        },
        include: ['src'],
      }),
    )
    await writeFile(
      join(app, 'index.html'),
      '<!doctype html><div id="root"></div><script type="module" src="/src/main.tsx"></script>',
    )
    await mkdir(join(app, 'src'))
    await writeFile(
      join(app, 'src', 'main.tsx'),
      `import 'demo-request'
import { createRoot } from 'react-dom/client'

function Contact() {
  return (
    <demo-request
      supabase-url="https://example.supabase.co"
      source="partner-app"
      ondemo-request-success={(event) => console.log(event.detail.requestId.toUpperCase())}
      ondemo-request-error={(event) => console.log(event.detail.kind)}
    >
      <a href="https://example.com/request-demo">Request a demo</a>
    </demo-request>
  )
}

const wrongAttribute = (
  // @ts-expect-error an attribute takes a string
  <demo-request privacy-url={42} />
)
console.log(wrongAttribute)
// @ts-expect-error the events' details are typed: a success carries no kind
const wrong = (event: HTMLElementEventMap['demo-request-success']) => event.detail.kind
console.log(wrong)
const element = document.querySelector('demo-request')
element?.addEventListener('demo-request-error', (event) => console.log(event.detail.kind))
createRoot(document.getElementById('root') as HTMLElement).render(<Contact />)
`,
    )
    await npmInstall(app)
    await run(join(app, 'node_modules/.bin/tsc'), ['-p', '.'], { cwd: app })
    await run(join(app, 'node_modules/.bin/vite'), ['build', '--logLevel', 'error'], { cwd: app })
    const built = await run('sh', ['-c', 'cat dist/assets/*.js'], { cwd: app })
    // The element's definition made it into the app's bundle.
    expect(built.stdout).toContain('demo-request')
    expect(built.stdout).toContain('send-demo-request')
  }, 300_000)

  // Frameworks import a client component's modules on the server too (Next.js prerenders it).
  it('imports each of its script entries in plain Node, with no DOM, and does nothing', async () => {
    await writeFile(
      join(app, 'server-import.mjs'),
      `const before = new Set(Object.getOwnPropertyNames(globalThis))
for (const entry of process.argv.slice(2)) await import(entry)
const added = Object.getOwnPropertyNames(globalThis).filter((name) => !before.has(name))
console.log(JSON.stringify(added))
`,
    )
    const entries = scriptEntries(packed)
    expect(entries).toEqual(
      expect.arrayContaining(['demo-request', 'demo-request/loader', 'demo-request/standalone']),
    )
    const { stdout, stderr } = await run(process.execPath, ['server-import.mjs', ...entries], {
      cwd: app,
    })
    // Nothing thrown, nothing printed, and not one global added.
    expect(stderr).toBe('')
    expect(JSON.parse(stdout)).toEqual([])
  })
})

/** The specifier of every export that is a script, a `*` pattern expanded over the tarball. */
function scriptEntries({ files }: Packed): string[] {
  const exports = ours.exports as Record<string, string | Record<string, string>>
  return Object.entries(exports).flatMap(([key, target]) => {
    const file = (typeof target === 'string' ? target : target.import)?.replace(/^\.\//, '')
    if (!file?.endsWith('.js')) return []
    const specifier = (match: string) => `demo-request${key.slice(1).replace('*', match)}`
    if (!key.includes('*')) return [specifier('')]
    const [before = '', after = ''] = file.split('*')
    return files
      .map(({ path }) => path)
      .filter((path) => path.startsWith(before) && path.endsWith(after))
      .map((path) => specifier(path.slice(before.length, path.length - after.length)))
  })
}
