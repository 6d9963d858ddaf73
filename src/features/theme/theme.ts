import {
  defaultTheme,
  isTheme,
  type Theme,
  themeColors,
  themeStorageKey,
} from '../../../domain/theme'

/** The stored and shown theme, read and painted in the browser. */
export function readStoredTheme(): Theme {
  try {
    const stored = window.localStorage.getItem(themeStorageKey)
    return isTheme(stored) ? stored : defaultTheme
  } catch {
    return defaultTheme
  }
}

/** The theme the page shows now (set before first paint by index.html's script). */
export function shownTheme(): Theme {
  if (typeof document === 'undefined') return defaultTheme
  const shown = document.documentElement.dataset.theme
  return isTheme(shown) ? shown : defaultTheme
}

/** Paints `theme`: the document's `data-theme` and the browser chrome colour. */
export function showTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', themeColors[theme])
}

/** Remembers `theme` for the next visit. */
export function storeTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(themeStorageKey, theme)
  } catch {
    // storage disabled: the theme still applies to this page
  }
}

/** Applies `theme` to the document and remembers it. */
export function applyTheme(theme: Theme): void {
  showTheme(theme)
  storeTheme(theme)
}
