/** Hands `blob` to the browser as a download named `name`. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  // The click has started the download by now; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
