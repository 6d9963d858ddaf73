/**
 * Phones and small tablets, by their user agent: the browsers that announce themselves as
 * mobile (Chrome and Firefox on Android, Safari on iPhone, Opera Mini, …). iPads that report a
 * desktop user agent count as desktop, which is what they ask for.
 */
const mobile = /Mobi|Android|iPhone|iPod|Opera Mini|IEMobile|Windows Phone|BlackBerry/i

export function isMobileUserAgent(userAgent: string | undefined): boolean {
  return userAgent !== undefined && mobile.test(userAgent)
}
