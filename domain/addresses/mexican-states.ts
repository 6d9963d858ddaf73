/**
 * Mexico's 32 federal entities by their ISO 3166-2:MX codes (what the API and the database
 * hold), each with the name people write on an envelope. The names are proper nouns, shown as
 * they are in both languages (as Mexican forms show them), so they need no catalog. Written in
 * the order of their names, the form's order (a unit test holds it): no sort when a page starts.
 */
export const mexicanStates = {
  AGU: 'Aguascalientes',
  BCN: 'Baja California',
  BCS: 'Baja California Sur',
  CAM: 'Campeche',
  CHP: 'Chiapas',
  CHH: 'Chihuahua',
  CMX: 'Ciudad de México',
  COA: 'Coahuila',
  COL: 'Colima',
  DUR: 'Durango',
  MEX: 'Estado de México',
  GUA: 'Guanajuato',
  GRO: 'Guerrero',
  HID: 'Hidalgo',
  JAL: 'Jalisco',
  MIC: 'Michoacán',
  MOR: 'Morelos',
  NAY: 'Nayarit',
  NLE: 'Nuevo León',
  OAX: 'Oaxaca',
  PUE: 'Puebla',
  QUE: 'Querétaro',
  ROO: 'Quintana Roo',
  SLP: 'San Luis Potosí',
  SIN: 'Sinaloa',
  SON: 'Sonora',
  TAB: 'Tabasco',
  TAM: 'Tamaulipas',
  TLA: 'Tlaxcala',
  VER: 'Veracruz',
  YUC: 'Yucatán',
  ZAC: 'Zacatecas',
} as const

export type MexicanState = keyof typeof mexicanStates

/** The codes, in the order of their names (the form's list). */
export const mexicanStateCodes = Object.keys(mexicanStates) as MexicanState[]

export function isMexicanState(value: unknown): value is MexicanState {
  return typeof value === 'string' && Object.hasOwn(mexicanStates, value)
}

/** The state's name, or the value itself when it is not a state's code. */
export function mexicanStateName(code: string): string {
  return isMexicanState(code) ? mexicanStates[code] : code
}
