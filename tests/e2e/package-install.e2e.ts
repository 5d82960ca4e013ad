/**
 * The package as a partner installs it: `npm pack`, then a fresh React 19 + TypeScript app in a
 * temporary folder installs the tarball from disk (its other packages from the registry, or
 * npm's cache), type-checks a component that uses `<demo-request>` and its events, and builds.
 */
import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const execFileAsync = promisify(execFile)
// A failed command's output is the failure's explanation: put it in the message.
async function run(command: string, args: string[], options: { cwd: string }) {
  try {
    return await execFileAsync(command, args, options)
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string }
    throw new Error(`${command} ${args.join(' ')} failed:\n${stdout}${stderr}`)
  }
}
const root = new URL('../../', import.meta.url).pathname
const ours = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'))
const devVersion = (name: string): string => ours.devDependencies[name]

let app: string
let packed: { filename: string; files: { path: string }[] }

beforeAll(async () => {
  app = await mkdtemp(join(tmpdir(), 'demo-request-host-'))
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', app], { cwd: root })
  packed = JSON.parse(stdout)[0]
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
          skipLibCheck: false,
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
    const npm = ['--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error']
    await run('npm', ['install', ...npm], { cwd: app })
    await run(join(app, 'node_modules/.bin/tsc'), ['-p', '.'], { cwd: app })
    await run(join(app, 'node_modules/.bin/vite'), ['build', '--logLevel', 'error'], { cwd: app })
    const built = await run('sh', ['-c', 'cat dist/assets/*.js'], { cwd: app })
    // The element's definition made it into the app's bundle.
    expect(built.stdout).toContain('demo-request')
    expect(built.stdout).toContain('send-demo-request')
  }, 300_000)
})
