import { Trans } from '@lingui/react/macro'

/**
 * Where the site speaks of money: prices are quoted before VAT (+ IVA), and the agency issues
 * the CFDI invoices a Mexican business needs to deduct them.
 */
export function InvoicingNote({ className }: { readonly className?: string }) {
  return (
    <p className={className ?? 'invoicing-note'}>
      <Trans>Prices + IVA. We issue CFDI invoices.</Trans>
    </p>
  )
}
