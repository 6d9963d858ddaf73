import { Trans } from '@lingui/react/macro'
import type { ContentState } from '../../../../domain/content/content-kinds'

/** Draft or published, as a badge. */
export function ContentStateLabel({ state }: { readonly state: ContentState }) {
  return (
    <span className={`content-state content-state-${state}`}>
      {state === 'published' ? <Trans>Published</Trans> : <Trans>Draft</Trans>}
    </span>
  )
}
