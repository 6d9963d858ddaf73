import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { ZxcvbnFactory } from '@zxcvbn-ts/core'
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common'

/**
 * The server-side password rule (OWASP ASVS 6.2.4, 6.2.12) that register, reset and any later
 * change-password endpoint share: refuse passwords that an attacker's list or the account's own
 * data would guess. The schema (shared with the form) already enforced length and characters;
 * this check needs the 49,000-entry common-password list, which stays on the server.
 *
 * Measured by zxcvbn: a password is refused when its estimated guesses are under 10^6, the
 * range of common passwords and their obvious variants (`password`, `12345678`, `P@ssw0rd!`,
 * `monkey123`). Built from the user's data: the password minus every 3+-character piece of the
 * email address and names is itself that weak (`ana.garcia1990`, `Garcia2024!`).
 */

export const passwordPolicyMessages = {
  common: msg`This password is too common or too easy to guess. Choose a longer or less predictable one, such as a few unrelated words.`,
  personal: msg`Do not build the password from your name or email address.`,
}

export type PasswordRefusal = {
  readonly reason: 'common' | 'personal'
  readonly message: MessageDescriptor
}

/** Below this many estimated guesses a password falls to an online attack or a leaked list. */
export const minimumGuesses = 1e6

/**
 * How many characters (code points) of a password are estimated. zxcvbn's time grows faster
 * than the length (about 0.15 s of one core for some 128-character passwords, run on the event
 * loop, so every other request waits), and its authors advise estimating only "the first 100
 * characters or so" of long input; 64 keeps the worst case near 0.05 s. It errs on the safe
 * side: a password whose first 64 characters are hard to guess is hard to guess, and one whose
 * first 64 are easy is refused even when the rest would have saved it.
 */
export const checkedLength = 64

/** The part of a password that is estimated (its first `checkedLength` code points). */
export function checkedPrefix(password: string): string {
  const points = [...password]
  return points.length <= checkedLength ? password : points.slice(0, checkedLength).join('')
}

/** Estimated guesses for `password`, given words an attacker would try first. */
export type GuessEstimator = (password: string, userInputs: string[]) => Promise<number>

const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...dictionary },
  graphs: adjacencyGraphs,
})

/** Pieces of the account's own data a password must not be built from (lower case, ≥ 3 chars). */
export function personalTokens(inputs: readonly (string | undefined)[]): string[] {
  const tokens = new Set<string>()
  for (const input of inputs) {
    if (!input) continue
    const lower = input.toLowerCase()
    const local = lower.includes('@') ? lower.slice(0, lower.lastIndexOf('@')) : lower
    for (const piece of [local, ...local.split(/[^\p{L}\p{N}]+/u)])
      if ([...piece].length >= 3) tokens.add(piece)
  }
  // Longest first, so "garcia" is removed before "gar…" pieces could split it.
  return [...tokens].sort((a, b) => b.length - a.length)
}

const zxcvbnGuesses: GuessEstimator = async (password, userInputs) =>
  (await zxcvbn.check(password, userInputs)).guesses

/**
 * undefined when the password is acceptable; otherwise why not, with a translatable message.
 * Only its first `checkedLength` characters are judged. `guesses` is for tests.
 */
export async function checkPassword(
  password: string,
  personal: readonly (string | undefined)[] = [],
  guesses: GuessEstimator = zxcvbnGuesses,
): Promise<PasswordRefusal | undefined> {
  const checked = checkedPrefix(password)
  const tokens = personalTokens(personal)
  const lower = checked.toLowerCase()
  let remainder = lower
  for (const token of tokens) remainder = remainder.split(token).join('')
  if (
    remainder !== lower &&
    (remainder.length === 0 || (await guesses(remainder, [])) < minimumGuesses)
  )
    return { reason: 'personal', message: passwordPolicyMessages.personal }
  if ((await guesses(checked, tokens)) < minimumGuesses)
    return { reason: 'common', message: passwordPolicyMessages.common }
  return undefined
}
