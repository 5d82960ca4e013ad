// The `forced-colors` command: Chromium's emulation of Windows contrast themes, through the
// DevTools protocol (Emulation.setEmulatedMedia), for the page whose test asks for it. The page
// also counts as focused (Emulation.setFocusEmulationEnabled): at concurrency 2 another test's
// tab may hold the window's focus, and a focus ring shows only in a focused page.
export function forcedColors() {
  const sessions = new WeakMap()
  return {
    name: 'forced-colors',
    async executeCommand({ command, payload, session }) {
      if (command !== 'forced-colors') return undefined
      // Puppeteer's own emulateMediaFeatures does not know forced-colors; the protocol does. The
      // emulation lasts as long as the protocol session that set it, kept here per page.
      const page = session.browser.getPage(session.id)
      let cdp = sessions.get(page)
      if (!cdp) {
        cdp = await page.createCDPSession()
        sessions.set(page, cdp)
      }
      await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: true })
      await cdp.send('Emulation.setEmulatedMedia', {
        features: [{ name: 'forced-colors', value: payload.active ? 'active' : 'none' }],
      })
      return true
    },
  }
}
