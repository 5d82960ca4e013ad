import { type MouseEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { useLocation } from 'wouter'
import { useLocationProperty } from 'wouter/use-browser-location'
import { Icon } from '../components/icon.tsx'
import { siteCopy } from '../site-copy.ts'

export interface MobileMenuProps {
  /** The header's links and buttons: a panel on small screens, inline on wide ones. */
  children: ReactNode
}

/**
 * The header's disclosure menu. Below the wide breakpoint its toggle shows and hides the
 * panel; CSS lays the same panel out inline on wide screens, so links exist only once.
 */
export function MobileMenu({ children }: MobileMenuProps) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const toggle = useRef<HTMLButtonElement>(null)
  const panel = useRef<HTMLDivElement>(null)
  const [pathname] = useLocation()
  const hash = useLocationProperty(
    () => location.hash,
    () => '',
  )

  // A navigation, including to a section of the same page, is where the visitor wanted to go.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location changes only
  useEffect(() => setOpen(false), [pathname, hash])

  useEffect(() => {
    if (!open) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      toggle.current?.focus()
    }
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node
      if (!panel.current?.contains(target) && !toggle.current?.contains(target)) setOpen(false)
    }
    document.addEventListener('keydown', onKeyDown)
    document.addEventListener('pointerdown', onPointerDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('pointerdown', onPointerDown)
    }
  }, [open])

  // In-page anchors to the section already in the URL change no location; close on click too.
  const closeOnLink = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as Element).closest('a')) setOpen(false)
  }

  return (
    <>
      <button
        ref={toggle}
        type="button"
        className="menu-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <Icon name={open ? 'close' : 'menu'} />
        <span className="visually-hidden">
          {open ? siteCopy.nav.closeMenu : siteCopy.nav.openMenu}
        </span>
      </button>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: delegates clicks of the links inside */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: links fire click on Enter themselves */}
      <div
        ref={panel}
        id={panelId}
        className="site-menu"
        data-open={open || undefined}
        onClick={closeOnLink}
      >
        {children}
      </div>
    </>
  )
}
