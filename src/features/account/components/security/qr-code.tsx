import { useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'

/**
 * The QR code of an `otpauth://` address, drawn in the page as SVG (uqr, loaded with the
 * enrolment only): no third-party service ever sees the key.
 */
export function QrCode({ value }: { readonly value: string }) {
  const { t } = useLingui()
  const [svg, setSvg] = useState<string | undefined>(undefined)
  useEffect(() => {
    let current = true
    void import('uqr').then(({ renderSVG }) => {
      if (current) setSvg(renderSVG(value, { border: 2 }))
    })
    return () => {
      current = false
    }
  }, [value])
  if (!svg) return <div className="qr-code qr-code-pending" />
  return (
    <img
      className="qr-code"
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={t`QR code for your authenticator app`}
      width={200}
      height={200}
    />
  )
}
