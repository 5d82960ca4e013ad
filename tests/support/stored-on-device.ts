// No Node imports: run in the page, by any driver's evaluate.

/** What the page's origin holds on the visitor's device, for a test that expects nothing. */
export interface StoredOnDevice {
  cookie: string
  localStorage: number
  sessionStorage: number
  /** IndexedDB databases by name; null where the engine cannot list them. */
  indexedDB: string[] | null
}

/** Run in the page: the cookies, storage items and IndexedDB databases its origin holds. */
export async function storedOnDevice(): Promise<StoredOnDevice> {
  return {
    cookie: document.cookie,
    localStorage: localStorage.length,
    sessionStorage: sessionStorage.length,
    indexedDB:
      'databases' in indexedDB ? (await indexedDB.databases()).map(({ name }) => name ?? '') : null,
  }
}

/** Nothing at all. */
export const nothingStored: StoredOnDevice = {
  cookie: '',
  localStorage: 0,
  sessionStorage: 0,
  indexedDB: [],
}
