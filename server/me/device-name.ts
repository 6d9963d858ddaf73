import type { Translate } from '../../domain/forms/translate'
import { deviceMessages as m } from './me-messages'

/**
 * "Firefox on Windows" from a user agent, for the sessions list: enough for a person to
 * recognise their own devices, nothing more (no versions). Order matters: Edge and Opera
 * announce Chrome too, Chrome announces Safari, and Android announces Linux.
 */
const browsers: readonly (readonly [RegExp, string])[] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
]
const systems: readonly (readonly [RegExp, string])[] = [
  [/Windows/, 'Windows'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
]

function first(table: readonly (readonly [RegExp, string])[], agent: string): string | undefined {
  return table.find(([pattern]) => pattern.test(agent))?.[1]
}

export function deviceName(userAgent: string, t: Translate): string {
  const browser = first(browsers, userAgent)
  const system = first(systems, userAgent)
  if (browser && system) return t(m.browserOnSystem(browser, system))
  if (browser) return browser
  if (system) return t(m.browserUnknownOnSystem(system))
  return t(m.unknown)
}
