import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'

/**
 * Recovery codes shown once: the list, a copy button and a download of them as a text file.
 * Nothing here keeps them: once the visitor moves on they are gone from the page.
 */
export function RecoveryCodesList({ codes }: { readonly codes: readonly string[] }) {
  const { t } = useLingui()
  const [copied, setCopied] = useState<'yes' | 'no' | undefined>(undefined)
  const text = `${codes.join('\n')}\n`
  const copy = () => {
    navigator.clipboard
      ?.writeText(text)
      .then(() => setCopied('yes'))
      .catch(() => setCopied('no'))
  }
  return (
    <div className="recovery-codes">
      <p>
        <Trans>
          Keep these recovery codes somewhere safe. Each works once, in place of a code from your
          app or a passkey. They are shown only now.
        </Trans>
      </p>
      <ol className="recovery-codes-list" aria-label={t`Your recovery codes`}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <p className="form-actions">
        <button type="button" className="button" onClick={copy}>
          <Trans>Copy the codes</Trans>
        </button>
        <a
          className="button"
          download="puente-digital-recovery-codes.txt"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
        >
          <Trans>Download the codes</Trans>
        </a>
      </p>
      <p role="status">
        {copied === 'yes' ? (
          <Trans>Copied.</Trans>
        ) : copied === 'no' ? (
          <Trans>Your browser did not let us copy them: select and copy them by hand.</Trans>
        ) : null}
      </p>
    </div>
  )
}
