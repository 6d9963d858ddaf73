/** Light/dark theme: stored choice, default light, and the browser chrome colour. */
export const themes = ['light', 'dark'] as const
export type Theme = (typeof themes)[number]

export const themeStorageKey = 'agency-site:theme'
export const defaultTheme: Theme = 'light'
export const themeColors: Record<Theme, string> = { light: '#E0E5EC', dark: '#1E1E1E' }

export function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark'
}
