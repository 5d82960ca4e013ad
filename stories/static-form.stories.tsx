import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect, useRef } from 'react'
import { expect, waitFor } from 'storybook/test'
import { formCopy } from '#core/form-copy.ts'
import { staticForm } from '../src/form/static-form.ts'

/**
 * The form as prerendered HTML and CSS (src/form/static-form.ts: the live form's component rendered
 * to markup), in a shadow root as the page's declarative one holds it: what a visitor sees, and can
 * already type into, before the element's code runs, or without JavaScript (where a note under
 * the button also says that sending needs it).
 */
function StaticForm({ privacyUrl }: { privacyUrl: string }) {
  const host = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = host.current
    if (!element) return
    const root = element.shadowRoot ?? element.attachShadow({ mode: 'open' })
    const { html, css } = staticForm({ privacyUrl, prerendered: true })
    root.innerHTML = `<style>${css}</style>${html}`
  }, [privacyUrl])
  return <div ref={host} />
}

const meta = {
  title: 'Form/Prerendered form',
  component: StaticForm,
  args: { privacyUrl: '/privacy' },
  // English only: the prerendered form's language is a later step of issue 32.
  parameters: { layout: 'padded', language: false },
} satisfies Meta<typeof StaticForm>

export default meta
type Story = StoryObj<typeof meta>

export const BeforeJavaScript: Story = {
  name: 'Before JavaScript',
  play: async ({ canvasElement }) => {
    const root = canvasElement.querySelector('div')?.shadowRoot
    await waitFor(() => expect(root?.querySelector('form')).toBeTruthy())
    for (const control of root?.querySelectorAll('input, select') ?? []) {
      expect(control).toBeEnabled()
    }
    // It sends nothing: the button submits no form.
    expect(root?.querySelector('button')).toHaveAttribute('type', 'button')
    expect(root?.querySelector('a')).toHaveAttribute('href', '/privacy')
    expect(root?.querySelector('button')).toHaveTextContent(formCopy.submit)
  },
}
