import { msg } from '@lingui/core/macro'

/** Validation messages of the site's content (the admin API's 400s, later its editor's fields). */
export const contentMessages = {
  notText: msg`Type this as text.`,
  forbiddenCharacter: (code: string) =>
    msg`Remove the invisible control character ${code} from this text (it can hide or reorder what readers see).`,
  oneLine: msg`Keep this on one line (no line breaks or tabs).`,
  notALink: msg`Use a link that starts with https:// or http://, or a path of this site that starts with /.`,
  notASlug: msg`Use lower-case letters, digits and single hyphens (for example: new-online-shop).`,
  notAnAsset: msg`Use the name of one of the site's images (lower-case letters, digits and hyphens).`,
  notAService: msg`Choose services from the site's list.`,
  serviceTwice: msg`Each service is listed once.`,
  tooManyServices: msg`A case study lists at most 8 services.`,
  tooManyResults: msg`A case study shows at most four measured results.`,
  tooManyImages: msg`A gallery holds at most 12 images.`,
  notAnArea: msg`Choose one of the five service areas.`,
  notAnOrder: msg`Use a whole number from 0 to 999.`,
  notABadge: msg`Choose the star, the trend arrow or no icon.`,
  notADate: msg`Use a real date, written YYYY-MM-DD.`,
  notAnId: msg`Use the id of an existing item, or null.`,
  notAYesNo: msg`Use true or false.`,
  notAVersion: msg`Send the version you edited (a whole number from 1).`,
  notAnObject: msg`Send the item's fields as an object.`,
  unknownField: msg`This field is not part of this kind of content.`,
}
