import { I18nProvider } from '@lingui/react'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { applyTheme, readStoredTheme } from './features/theme/theme'
import { i18n } from './i18n/i18n'
import { readStoredLanguage, setLanguage } from './i18n/language-preference'
import { resolveLocale } from './i18n/locales'
import { createAppRouter } from './router'
import './styles/global.css'

async function start(): Promise<void> {
  applyTheme(readStoredTheme())
  await setLanguage(
    resolveLocale({
      pathname: window.location.pathname,
      stored: readStoredLanguage(),
      navigatorLanguages: navigator.languages ?? [navigator.language],
    }),
  )
  const router = createAppRouter()
  await router.load()
  const root = document.getElementById('root')
  if (!root) throw new Error('#root is missing from index.html')
  createRoot(root).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </StrictMode>,
  )
}

void start()
