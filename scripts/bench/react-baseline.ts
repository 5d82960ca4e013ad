import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'vite'
import { fileSizes, type Sizes, sumSizes } from '../bundle-sizes.ts'

const page = `<!doctype html>
<html lang="en"><head><meta charset="UTF-8" /><title>React alone</title></head>
<body><div id="root"></div><script type="module" src="./main.js"></script></body></html>
`
const main = `import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
createRoot(document.getElementById('root')).render(createElement('p', null, 'Hello'))
`

/**
 * React and ReactDOM alone, rendering one element, built as the site is (a Vite production
 * build, minified, es2022) in a temporary folder: the least any React page can ship.
 */
export async function buildReactBaseline(projectRoot: string): Promise<Sizes> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-react-'))
  try {
    await writeFile(join(dir, 'index.html'), page)
    await writeFile(join(dir, 'main.js'), main)
    await symlink(join(projectRoot, 'node_modules'), join(dir, 'node_modules'), 'dir')
    await mkdir(join(dir, 'dist'))
    await build({
      root: dir,
      configFile: false,
      logLevel: 'silent',
      mode: 'production',
      build: { outDir: join(dir, 'dist'), target: 'es2022', emptyOutDir: true },
    })
    const assets = join(dir, 'dist', 'assets')
    const files = (await readdir(assets)).filter((name) => name.endsWith('.js'))
    return sumSizes(files.map((name) => fileSizes(join(assets, name))))
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
