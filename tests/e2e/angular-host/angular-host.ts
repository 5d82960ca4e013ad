// A partner page built with Angular (compiled in the browser, without zone.js) that renders
// <demo-request> after the loader defined it. Angular's `[x]` binds properties, so the page binds
// the element's inputs as attributes, `[attr.x]`, as docs/embedding.md says.
import '@angular/compiler'
import { Component, CUSTOM_ELEMENTS_SCHEMA, provideZonelessChangeDetection } from '@angular/core'
import { bootstrapApplication } from '@angular/platform-browser'

declare global {
  interface Window {
    /** Where the test's backend answers, set by the page. */
    backendUrl: string
    /** The request ids the page heard in demo-request-success. */
    angularHeard: string[]
  }
}

window.angularHeard = []

class Host {
  backend = window.backendUrl
  source = 'angular-host'

  change() {
    this.source = 'angular-host-updated'
  }

  heard(event: Event) {
    window.angularHeard.push((event as CustomEvent<{ requestId: string }>).detail.requestId)
  }
}

// The decorator applied as the function it is, so the page needs no decorator transform.
const App = Component({
  selector: 'partner-app',
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <h1>An Angular partner page</h1>
    <button type="button" (click)="change()">Change source</button>
    <demo-request [attr.supabase-url]="backend" [attr.source]="source"
        (demo-request-success)="heard($event)">
      <a href="/request-demo">Request a demo</a>
    </demo-request>`,
})(Host)

bootstrapApplication(App, { providers: [provideZonelessChangeDetection()] }).catch((error) =>
  console.error(error),
)
