import { professionalService } from '../../domain/pages/agency-structured-data'
import { scriptJson } from '../../domain/pages/script-json'

/** The agency as a `ProfessionalService` (schema.org JSON-LD), on the home page and /contact. */
export function AgencyStructuredData() {
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON of the agency's own facts, markup characters escaped
      dangerouslySetInnerHTML={{ __html: scriptJson(professionalService()) }}
    />
  )
}
