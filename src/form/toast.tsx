import { useCopy } from '../copy/form-language.ts'
import { formClasses } from './form-styles.ts'

type ToastMessage = {
  variant: 'default' | 'destructive'
  title: string
  description: string
}

export type ToastRegionProps = {
  toast: ToastMessage | undefined
  onDismiss: () => void
}

/**
 * A live region that is always in the document, so screen readers announce a toast when its
 * text arrives; an empty region is invisible.
 */
export function ToastRegion({ toast, onDismiss }: ToastRegionProps) {
  const classes = formClasses()
  const copy = useCopy()
  return (
    <section className={classes.toasts} aria-label={copy.notifications}>
      <div role="status" aria-live="polite" aria-atomic="true">
        {toast && (
          <div
            className={classes.toast}
            part="toast"
            data-variant={toast.variant}
            data-toast={toast.variant}
          >
            <p className={classes.toastTitle}>{toast.title}</p>
            <p className={classes.toastDescription}>{toast.description}</p>
            <button
              type="button"
              className={classes.dismiss}
              aria-label={copy.dismiss}
              onClick={onDismiss}
            >
              ×
            </button>
          </div>
        )}
      </div>
    </section>
  )
}
