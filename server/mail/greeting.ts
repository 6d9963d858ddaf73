import { msg } from '@lingui/core/macro'
import type { PoolClient } from 'pg'
import type { Translate } from '../../domain/forms/translate'

/**
 * Every mail to a person opens the same way: "Hello Ana," when we know their first name, else
 * "Hello,". Only the mail about a deleted account greets without a name by design: nothing
 * about the person is kept, not even for that mail.
 */
export const greetingMessages = {
  named: (name: string) => msg`Hello ${name},`,
  unnamed: msg`Hello,`,
}

/**
 * The first word of a name when it is plainly a name: letters (any script), an apostrophe or a
 * hyphen, at most 30 of them. Anything else (a word with a dot, a slash, an @ or a digit, as a
 * link or an address has) greets without a name, so a name field cannot put a link in our mail.
 */
export function greetingName(name: string | null | undefined): string | undefined {
  const first = (name ?? '').trim().split(/\s+/u)[0] ?? ''
  return /^[\p{L}\p{M}][\p{L}\p{M}'’-]{0,29}$/u.test(first) ? first : undefined
}

/** The mail's first line, in the mail's language. */
export function greeting(t: Translate, name?: string | null): string {
  const first = greetingName(name)
  return first ? t(greetingMessages.named(first)) : t(greetingMessages.unnamed)
}

/** The first name of an account, read when its mail is composed (undefined once it is gone). */
export async function accountFirstName(
  client: PoolClient,
  userId: string,
): Promise<string | undefined> {
  const { rows } = await client.query<{ name: string }>('SELECT name FROM users WHERE id = $1', [
    userId,
  ])
  return rows[0]?.name
}
