// The interactions part of `npm run bench`: interaction to next paint of the public pages'
// widgets in Chromium with a 6× slower CPU (DevTools' `Emulation.setCPUThrottlingRate`), as
// the browser reports it (Event Timing: a PerformanceObserver of `event` entries, threshold
// 16 ms, the longest entry of the interaction). A measurement printed by the bench, never a
// test's assertion. Each interaction runs BENCH_ROUNDS times on a fresh page:
// - once the app is live (hydrated): opening the services mega-menu, the language menu, and
//   moving the slideshow on (its next button);
// - as the visitor's first interaction, before the app has loaded (docs/decisions/068): the
//   pointer comes over the control (the intent that starts the app), and the click follows
//   `hoverToClickMs` later, as a hand's would. Beside its INP (the paint after the click, which
//   the early-input script keeps), the time from the click to the frame that shows the answer
//   (the menu open, the next slide): intent, load and response.
import puppeteer from 'puppeteer-core'
import { chromeFlags, median } from './lighthouse-run.mjs'

const cpuSlowdown = 6
/** A hand's pointer comes to rest on a control some time before it presses it. */
const hoverToClickMs = 100

const interactions = [
  {
    name: 'services mega-menu opens',
    path: '/about',
    control: '.site-header .services-menu > button',
    answered: '.site-header .services-menu > button[aria-expanded="true"]',
  },
  {
    name: 'language menu opens',
    path: '/about',
    control: '.site-header .language-menu > button',
    answered: '.site-header .language-menu > button[aria-expanded="true"]',
  },
  {
    name: 'slideshow moves on (next)',
    path: '/',
    control: '.slideshow-controls button[aria-controls][aria-label="Next slide"]',
    answered: '.slide[data-shown="true"][aria-label^="2 "]',
  },
]

/** Collects Event Timing entries from the page's start (`window.interactions`). */
function observeInteractions() {
  const entries = []
  Object.assign(window, { interactions: entries })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.interactionId) {
        entries.push({ id: entry.interactionId, name: entry.name, duration: entry.duration })
      }
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true })
}

/**
 * Records, on the page's clock, when `selector` was clicked and when the first frame after the
 * page showed `answered` was presented (a requestAnimationFrame, then the next task).
 */
function timeAnswer({ selector, answered }) {
  const record = {}
  Object.assign(window, { answer: record })
  addEventListener(
    'click',
    (event) => {
      if (!(event.target instanceof Element) || !event.target.closest(selector)) return
      record.clickedAt = event.timeStamp
      const check = () => {
        if (document.querySelector(answered)) {
          requestAnimationFrame(() => setTimeout(() => (record.paintedAt = performance.now())))
          return
        }
        requestAnimationFrame(check)
      }
      check()
    },
    { capture: true },
  )
}

async function once(browser, baseURL, interaction, { early }) {
  const context = await browser.createBrowserContext()
  try {
    const page = await context.newPage()
    await page.setViewport({ width: 1280, height: 800 })
    await page.evaluateOnNewDocument(observeInteractions)
    await page.evaluateOnNewDocument(timeAnswer, {
      selector: interaction.control,
      answered: interaction.answered,
    })
    await page.goto(`${baseURL}${interaction.path}`, { waitUntil: 'networkidle0' })
    const cdp = await page.createCDPSession()
    const control = await page.waitForSelector(interaction.control)
    if (!early) {
      // The app is made live first (an intent elsewhere: the pointer over the header's logo link
      // does not count, a button does), then the pointer leaves.
      await page.hover('.site-header button')
      await page.waitForSelector('html[data-hydrated]', { timeout: 60_000 })
      await page.mouse.move(1, 1)
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown })
    const hydratedBefore = await page.evaluate(() =>
      document.documentElement.hasAttribute('data-hydrated'),
    )
    const box = await control.boundingBox()
    if (!box) throw new Error(`${interaction.control} is not laid out`)
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await new Promise((resolve) => setTimeout(resolve, hoverToClickMs))
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    await page.waitForFunction(() => window.answer.paintedAt !== undefined, { timeout: 60_000 })
    // Event Timing reports an interaction once its next paint is done.
    await new Promise((resolve) => setTimeout(resolve, 500))
    const { entries, answer } = await page.evaluate(() => ({
      entries: window.interactions,
      answer: window.answer,
    }))
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    const clicks = entries.filter((entry) =>
      ['pointerdown', 'pointerup', 'click'].includes(entry.name),
    )
    const lastId = clicks.at(-1)?.id
    const inp = Math.max(
      0,
      ...clicks.filter((entry) => entry.id === lastId).map((entry) => entry.duration),
    )
    return {
      // Below the observer's 16 ms threshold, no entry: reported as 16 (at most).
      inpMs: Math.round(inp || 16),
      answerMs: Math.round(answer.paintedAt - answer.clickedAt),
      hydratedBefore,
    }
  } finally {
    await context.close()
  }
}

/** Measures every interaction `rounds` times, live and as the first one; prints the table. */
export async function benchInteractions({ baseURL, rounds }) {
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: chromeFlags.filter((flag) => flag !== '--headless=new'),
    headless: true,
  })
  const results = []
  try {
    for (const interaction of interactions) {
      for (const early of [false, true]) {
        const all = []
        for (let round = 0; round < rounds; round++) {
          try {
            all.push(await once(browser, baseURL, interaction, { early }))
          } catch (error) {
            process.stderr.write(
              `INP ${interaction.name}: left out of round ${round + 1}: ${error.message}\n`,
            )
          }
        }
        results.push({ interaction, early, all })
      }
    }
  } finally {
    await browser.close()
  }
  const rows = [
    [
      'interaction',
      'page',
      'app',
      'INP ms (median)',
      'INP per round',
      'click → answer painted ms',
      'per round',
    ],
  ]
  for (const { interaction, early, all } of results) {
    const of = (key) => all.map((figures) => figures[key])
    rows.push([
      interaction.name,
      interaction.path,
      early ? `not loaded: first interaction (hover, ${hoverToClickMs} ms, click)` : 'live',
      all.length > 0 ? median(of('inpMs')) : 'n/a',
      of('inpMs').join(' '),
      all.length > 0 ? median(of('answerMs')) : 'n/a',
      of('answerMs').join(' '),
    ])
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => String(row[i]).length)) + 2)
  console.log(
    `\nInteraction to next paint, Chromium with a ${cpuSlowdown}× slower CPU (Event Timing, ` +
      `${rounds} round(s); 16 = at most 16 ms, the observer's threshold):`,
  )
  for (const row of rows) console.log(row.map((cell, i) => String(cell).padEnd(widths[i])).join(''))
  return results.map(({ interaction, early, all }) => ({
    interaction: interaction.name,
    path: interaction.path,
    firstInteraction: early,
    rounds: all,
  }))
}
