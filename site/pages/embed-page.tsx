import type { ReactNode } from 'react'
import {
  elementAttributes,
  elementCssParts,
  elementCssProperties,
  elementEvents,
  elementMethods,
  elementProperties,
  globalAttributes,
  tagName,
} from '../../widget/element-api.ts'
import { SiteForm } from '../components/site-form.tsx'
import { pages, siteOrigin } from '../page-meta.ts'
import { siteCopy } from '../site-copy.ts'
import { usePageMeta } from '../use-page-meta.ts'

// Build-time values, so the prerendered page and the hydrating one print the same snippet.
const origin = siteOrigin(import.meta.env.SITE_URL)
const functionsOrigin = import.meta.env.VITE_SUPABASE_URL
  ? new URL(import.meta.env.VITE_SUPABASE_URL).origin
  : 'https://YOUR_PROJECT_REF.supabase.co'

const snippet = `<script src="${origin}/widget/demo-request-loader.js" async></script>
<${tagName}
  supabase-url="${functionsOrigin}"
  publishable-key="${import.meta.env.VITE_SUPABASE_ANON_KEY || 'sb_publishable_…'}"
  source="your-firm">
  <a href="${origin}${pages.requestDemo.path}">${siteCopy.embed.fallbackLink}</a>
</${tagName}>`

const csp = `script-src ${origin}
connect-src ${functionsOrigin}`

/** A region wider than a phone may be: focusable, so a keyboard can scroll it too. */
function Scrollable({
  className,
  label,
  children,
}: {
  className: string
  label: string
  children: ReactNode
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: axe's scrollable-region-focusable asks for it
    <section className={className} aria-label={label} tabIndex={0}>
      {children}
    </section>
  )
}

interface Column<Row> {
  label: string
  cell: (row: Row) => string
}

/** A reference table; the first column is code. */
function ReferenceTable<Row>({
  caption,
  rows,
  columns,
}: {
  caption: string
  rows: readonly Row[]
  columns: Column<Row>[]
}) {
  return (
    <Scrollable className="embed__table" label={caption}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const [first, ...rest] = columns.map((column) => column.cell(row))
            return (
              <tr key={first}>
                <th scope="row">
                  <code>{first}</code>
                </th>
                {rest.map((text, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
                  <td key={index}>{text}</td>
                ))}
              </tr>
            )
          })}
        </tbody>
      </table>
    </Scrollable>
  )
}

/** Code to copy. */
function CodeBlock({ label, code }: { label: string; code: string }) {
  return (
    <Scrollable className="embed__code" label={label}>
      <pre>
        <code>{code}</code>
      </pre>
    </Scrollable>
  )
}

/** `/embed`: the guide for partners who put the form on their own pages. */
export function EmbedPage() {
  usePageMeta('embed')
  const { embed } = siteCopy
  const { name, description, detail, type, default: defaults } = embed.columns
  return (
    <article className="legal embed" aria-labelledby="embed-title">
      <div className="container legal__inner">
        <header className="legal__header">
          <p className="eyebrow">{embed.eyebrow}</p>
          <h1 id="embed-title">{embed.heading}</h1>
          <p className="legal__intro">{embed.intro}</p>
        </header>
        <section className="legal__section">
          <h2>{embed.allowHeading}</h2>
          <p>{embed.allowText}</p>
        </section>
        <section className="legal__section">
          <h2>{embed.snippetHeading}</h2>
          <p>{embed.snippetText}</p>
          <CodeBlock label={embed.snippetHeading} code={snippet} />
        </section>
        <section className="legal__section">
          <h2>{embed.cspHeading}</h2>
          <p>{embed.cspText}</p>
          <CodeBlock label={embed.cspHeading} code={csp} />
        </section>
        <section className="legal__section" aria-labelledby="embed-example">
          <h2 id="embed-example">{embed.exampleHeading}</h2>
          <p>{embed.exampleText}</p>
          <div className="request-demo__card">
            <SiteForm source="embed-guide" />
          </div>
        </section>
        <section className="legal__section">
          <h2>{embed.referenceHeading}</h2>
          <ReferenceTable
            caption={embed.attributes}
            rows={[...elementAttributes, ...globalAttributes]}
            columns={[
              { label: name, cell: (row) => row.name },
              { label: description, cell: (row) => row.description },
            ]}
          />
          <ReferenceTable
            caption={embed.properties}
            rows={elementProperties}
            columns={[
              { label: name, cell: (row) => row.name },
              { label: type, cell: (row) => row.type },
              { label: description, cell: (row) => row.description },
            ]}
          />
          <ReferenceTable
            caption={embed.events}
            rows={elementEvents}
            columns={[
              { label: name, cell: (row) => row.name },
              { label: detail, cell: (row) => row.detail },
              { label: description, cell: (row) => row.description },
            ]}
          />
          <ReferenceTable
            caption={embed.methods}
            rows={elementMethods}
            columns={[
              {
                label: name,
                cell: (row) => `${row.name}(${row.parameters.map((p) => p.name).join(', ')})`,
              },
              { label: description, cell: (row) => row.description },
            ]}
          />
          <ReferenceTable
            caption={embed.cssParts}
            rows={elementCssParts}
            columns={[
              { label: name, cell: (row) => `::part(${row.name})` },
              { label: description, cell: (row) => row.description },
            ]}
          />
          <ReferenceTable
            caption={embed.cssProperties}
            rows={elementCssProperties()}
            columns={[
              { label: name, cell: (row) => row.name },
              { label: defaults, cell: (row) => row.default },
            ]}
          />
        </section>
      </div>
    </article>
  )
}
