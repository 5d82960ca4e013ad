/** Debian's Chromium, or the browser named by CHROMIUM_PATH. Tests never download their own. */
export function chromiumPath(): string | undefined

/** Debian's Chromium headless shell, or the one named by CHROMIUM_SHELL_PATH. */
export function chromiumShellPath(): string | undefined

/** Flags for a headless Chromium run as root on a closed network. */
export const chromiumArgs: string[]

/** The same for the headless shell. */
export const chromiumShellArgs: string[]
