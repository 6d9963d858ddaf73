// The services listing's card arrow, drawn: the site's typeface has no arrow character, and as
// "→" it came from whichever symbol font the device had (docs/decisions/057).
import { LineIcon } from '../../../ui/line-icon'

export function ArrowIcon() {
  return (
    <LineIcon className="area-card-arrow" size={20}>
      <path d="M5 12h14M13 6l6 6-6 6" />
    </LineIcon>
  )
}
