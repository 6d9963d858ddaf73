// First: the links that tell Vite's loader the page's stylesheets are inline already.
import './hydration/inlined-stylesheets'
import { I18nProvider } from '@lingui/react'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { isLocale, localeFromPath, resolveLocale } from '../domain/locales'
import { takeEarlyAnswers } from './api/early-answers'
import { applyTheme, readStoredTheme } from './features/theme/theme'
import { AfterHydration } from './hydration/after-hydration'
import {
  noteHandledEvents,
  replayClicks,
  replayTyping,
  takeEarlyClicks,
} from './hydration/early-clicks'
import { runEffectsAfterEachTask } from './hydration/preact-effects'
import { yieldToBrowser } from './hydration/yield-to-browser'
import { activateLocale, i18n } from './i18n/i18n'
import { readStoredLanguage, setLanguage } from './i18n/language-preference'
import { createAppRouter } from './routing/router'
import { deferParts, hydrateParts } from './ui/hydrate-in-turn'
import { setHydrating } from './ui/use-hydrated'
import './styles/global.css'

async function start(): Promise<void> {
  takeEarlyAnswers()
  runEffectsAfterEachTask()
  noteHandledEvents()
  applyTheme(readStoredTheme())
  const root = document.getElementById('root')
  if (!root) throw new Error('#root is missing from index.html')
  const pathname = window.location.pathname
  const preferred = resolveLocale({
    pathname,
    stored: readStoredLanguage(),
    navigatorLanguages: navigator.languages ?? [navigator.language],
  })
  // The prerendered page says which language it was rendered in (see docs/decisions/005).
  const rendered = document.documentElement.dataset.pageLang
  const router = createAppRouter()
  // The tree's first pass has rendered and run its effects (the machines have started).
  let firstPass = () => {}
  const firstPassDone = new Promise<void>((resolve) => {
    firstPass = resolve
  })
  // Marks the page as live (tests and styles can rely on it), then replays the early clicks
  // that no handler of the app received.
  const live = () => {
    // What was typed while the app loaded reaches the fields' machines first.
    replayTyping(root)
    setHydrating(false)
    document.documentElement.dataset.hydrated = ''
    const clicked = takeEarlyClicks()
    queueMicrotask(() => replayClicks(clicked))
  }
  const app = (
    <StrictMode>
      <AfterHydration onHydrated={() => firstPass()}>
        <I18nProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nProvider>
      </AfterHydration>
    </StrictMode>
  )

  if (!isLocale(rendered) || !root.firstChild) {
    takeEarlyClicks()
    await setLanguage(preferred)
    await router.load()
    createRoot(root).render(app)
    await firstPassDone
    live()
    return
  }

  // Hydrate in the language of the HTML, or React throws the server's markup away.
  // `beforeLoad` does not switch languages here: the catalog is active before `load()`.
  if (localeFromPath(pathname)) await setLanguage(rendered)
  else await activateLocale(rendered)
  document.documentElement.lang = rendered
  // The modules have just run: loading the route and hydrating each get a task of their own.
  await yieldToBrowser()
  await router.load()
  await yieldToBrowser()
  // The server rendered without the client's root Suspense boundary; tell the router so its
  // tree matches (otherwise React reports error #418 and re-renders from scratch).
  router.ssr = { manifest: undefined }
  // Clicks are still kept: a button hydrated from here on takes its own clicks (and they are
  // not replayed), a button in a part that waits for its turn does not.
  setHydrating(true)
  deferParts()
  hydrateRoot(root, app, {
    onRecoverableError: (error) => console.error('Hydration error:', error),
  })
  // The first pass hydrated the frame; the parts (header, slideshow, bars, links, text)
  // follow, a part per task, each with its effects (its machines started).
  await firstPassDone
  await hydrateParts(yieldToBrowser)
  live()
  // A neutral page served in the other language (no cookie yet, or a new browser language):
  // switch after hydration; the cookie set here makes the server send the right one next time.
  if (preferred !== rendered) await setLanguage(preferred)
}

void start()
