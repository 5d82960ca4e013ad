/** Debian's Chromium, or the browser named by CHROMIUM_PATH. Tests never download their own. */
export function chromiumPath(): string | undefined

/** Flags for a headless Chromium run as root on a closed network. */
export const chromiumArgs: string[]
