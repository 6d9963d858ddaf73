import { useLingui } from '@lingui/react/macro'
import {
  forwardRef,
  type InputHTMLAttributes,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react'
import { useHydrated } from './use-hydrated'

/** A field's control attributes (FormField's `FieldControl`) and the input's own. */
export type PasswordInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  readonly id: string
}

/**
 * A password control with a button that shows what was typed (aria-pressed says whether it is
 * shown). The button exists once the page has hydrated — before, it could not work — and takes
 * room reserved inside the field, so nothing moves when it appears. The password is hidden again
 * when its form is submitted, so the browser's password manager still sees a password field.
 */
export const PasswordInput = forwardRef<HTMLInputElement, PasswordInputProps>(
  function PasswordInput(props, forwardedRef) {
    const { t } = useLingui()
    const hydrated = useHydrated()
    const [shown, setShown] = useState(false)
    const inputRef = useRef<HTMLInputElement | null>(null)
    const ref = useCallback(
      (element: HTMLInputElement | null) => {
        inputRef.current = element
        if (typeof forwardedRef === 'function') forwardedRef(element)
        else if (forwardedRef) forwardedRef.current = element
      },
      [forwardedRef],
    )
    useEffect(() => {
      const form = inputRef.current?.form
      if (!shown || !form) return
      const hide = () => setShown(false)
      form.addEventListener('submit', hide)
      return () => form.removeEventListener('submit', hide)
    }, [shown])
    return (
      <span className="password-input">
        <input {...props} ref={ref} type={shown ? 'text' : 'password'} />
        {hydrated ? (
          <button
            type="button"
            className="password-toggle"
            aria-pressed={shown}
            aria-controls={props.id}
            onClick={() => setShown((now) => !now)}
          >
            <EyeIcon crossed={shown} />
            <span className="visually-hidden">{t`Show password`}</span>
          </button>
        ) : null}
      </span>
    )
  },
)

/** An eye, crossed out while the password shows (pressing again hides it). */
function EyeIcon({ crossed }: { readonly crossed: boolean }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <path d="M4 4l16 16" /> : null}
    </svg>
  )
}
