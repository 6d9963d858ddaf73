import type { ReactNode, Ref } from 'react'
import './result-panel.css'

export type ResultTone = 'good' | 'bad' | 'info'

/**
 * What a flow shows once its answer arrived: a heading that takes focus (tabIndex -1, so a
 * screen reader reads the answer at once; focusable by script only), then what to do next.
 */
export function ResultPanel({
  tone,
  headingRef,
  title,
  children,
}: {
  readonly tone: ResultTone
  readonly headingRef: Ref<HTMLHeadingElement>
  readonly title: ReactNode
  readonly children?: ReactNode
}) {
  return (
    <section className={`result-panel result-panel-${tone}`}>
      <h2 ref={headingRef} tabIndex={-1} className="focus-target">
        {title}
      </h2>
      {children}
    </section>
  )
}
