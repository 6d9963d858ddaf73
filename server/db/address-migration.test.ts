import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase, testBackends } from '../test/test-database'
import { migrate, migrations } from './migrate'

/** An account as stored before addresses followed Mexican use (free-text country, no state). */
type LegacyAddress = {
  readonly exterior: string | null
  readonly interior: string
  readonly city: string
  readonly municipality: string
  readonly country: string
}

const legacy: Record<string, LegacyAddress> = {
  placeholder: {
    exterior: '12',
    interior: 's/n',
    city: 'Puebla',
    municipality: 'Puebla',
    country: 'México',
  },
  swapped: {
    exterior: null,
    interior: '45',
    city: 'CDMX',
    municipality: 'Cuauhtémoc',
    country: 'Mexico',
  },
  nothing: {
    exterior: '',
    interior: 'S.N.',
    city: 'Zapopan',
    municipality: 'zapopan',
    country: 'MX',
  },
  both: {
    exterior: '7',
    interior: '4B',
    city: 'Monterrey',
    municipality: 'nuevo leon',
    country: 'mexico ',
  },
  accents: {
    exterior: '3',
    interior: '-',
    city: 'QUERÉTARO',
    municipality: 'Querétaro',
    country: 'MÉXICO',
  },
  abroad: {
    exterior: '1600',
    interior: 'Apt 2',
    city: 'Madrid',
    municipality: 'Madrid',
    country: 'España',
  },
  english: {
    exterior: '9',
    interior: 'n/a',
    city: 'Austin',
    municipality: 'Travis',
    country: 'United States',
  },
  unknown: {
    exterior: '9',
    interior: '0',
    city: 'Somewhere',
    municipality: 'Nowhere',
    country: 'Narnia',
  },
}

describe.each(testBackends())('the Mexican addresses migration on $name', (backend) => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase(backend, 2, {
      before: '_mexican_addresses',
      all: migrations,
    })
    for (const [key, address] of Object.entries(legacy)) {
      await database.pool.query(
        `INSERT INTO users (email, password_hash, name, last_name, phone, street, exterior_number,
           interior_number, neighborhood, municipality, postal_code, city, country, gender, birth_date)
         VALUES ($1, 'x', 'A', 'B', '5512345678', 'Calle', $2, $3, 'Centro', $4, '01000', $5, $6,
           'Female', '1990-01-01')`,
        [
          `${key}@example.com`,
          address.exterior,
          address.interior,
          address.municipality,
          address.city,
          address.country,
        ],
      )
    }
    expect((await migrate(database.pool)).at(0)).toMatch(/_mexican_addresses$/)
  })
  afterAll(async () => {
    await database?.drop()
  })

  it('moves numbers, countries and states to their new meaning', async () => {
    const { rows } = await database.pool.query<{
      email: string
      exterior_number: string
      interior_number: string | null
      state: string | null
      country: string | null
    }>(
      `SELECT split_part(email, '@', 1) AS email, exterior_number, interior_number, state, country
       FROM users ORDER BY email`,
    )
    expect(Object.fromEntries(rows.map(({ email, ...row }) => [email, row]))).toEqual({
      // The required interior's placeholder is dropped; the number stays the exterior one.
      placeholder: { exterior_number: '12', interior_number: null, state: 'PUE', country: 'MX' },
      // One number, typed where it was required: the building's (exterior) number.
      swapped: { exterior_number: '45', interior_number: null, state: 'CMX', country: 'MX' },
      // No number at all: "S/N", as Mexican addresses write it; no state named.
      nothing: { exterior_number: 'S/N', interior_number: null, state: null, country: 'MX' },
      // Both given: kept; the state from the municipality when the city names none.
      both: { exterior_number: '7', interior_number: '4B', state: 'NLE', country: 'MX' },
      accents: { exterior_number: '3', interior_number: null, state: 'QUE', country: 'MX' },
      // Other countries by their Spanish or English names; no Mexican state abroad.
      abroad: { exterior_number: '1600', interior_number: 'Apt 2', state: null, country: 'ES' },
      english: { exterior_number: '9', interior_number: null, state: null, country: 'US' },
      // Not a country: none, and the profile asks for it.
      unknown: { exterior_number: '9', interior_number: null, state: null, country: null },
    })
  })

  it('then holds the new rules: an exterior number always, codes only', async () => {
    const insert = (exterior: string | null, country: string) =>
      database.pool.query(
        `INSERT INTO users (email, password_hash, name, last_name, phone, street, exterior_number,
           neighborhood, municipality, postal_code, city, country, gender, birth_date)
         VALUES (gen_random_uuid() || '@example.com', 'x', 'A', 'B', '5512345678', 'Calle', $1,
           'Centro', 'M', '01000', 'C', $2, 'PreferNotToSay', '1990-01-01')`,
        [exterior, country],
      )
    await expect(insert(null, 'MX')).rejects.toThrow(/exterior_number/)
    await expect(insert('1', 'México')).rejects.toThrow(/users_country_check/)
    await expect(insert('1', 'MX')).resolves.toMatchObject({ rowCount: 1 })
  })
})
