// A password of the costliest kind for zxcvbn, the server's strength estimator: the password
// policy's test gives it to the estimator, `npm run bench:password` times it.

/** Leetspeak fragments of common words: among the costliest input found for zxcvbn. */
export function costlyPassword(length: number): string {
  const pieces = ['p@ss', 'w0rd', 'm0n', 'k3y', 'dr@', 'g0n', 'l3t', 'm31n', '$h!', '3ld', '1l0v']
  let password = ''
  for (let n = 0; [...password].length < length; n += 7) password += pieces[n % pieces.length]
  return [...password].slice(0, length).join('')
}
